"""Staff keep the legal reference data current in the admin."""

from datetime import date

import pytest

from risk.models import CountryBenchmark
from risk.service import benchmark_class

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", ["countrybenchmark", "annexientry"])
def test_reference_tables_are_listed_in_the_admin(admin_client, model):
    response = admin_client.get(f"/admin/risk/{model}/")
    assert response.status_code == 200


def test_a_later_act_entered_in_the_admin_answers_from_its_date(admin_client):
    benchmark_class("BR")  # warm this process's cache: the admin save must refresh it
    response = admin_client.post(
        "/admin/risk/countrybenchmark/add/",
        {
            "country_code": "BR",
            "risk_class": "low",
            "act": "Implementing Regulation (EU) 2027/999 (example)",
            "source": "OJ text checked by staff",
            "valid_from": "2027-03-01",
            "valid_until": "",
        },
    )
    assert response.status_code == 302, response.content
    assert CountryBenchmark.objects.filter(country_code="BR").count() == 2
    assert benchmark_class("BR", date(2027, 2, 28)) == "standard"
    assert benchmark_class("BR", date(2027, 3, 1)) == "low"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/admin/compliance/countrybenchmark/", "/admin/risk/countrybenchmark/"),
        ("/admin/compliance/annexientry/?q=4104", "/admin/risk/annexientry/?q=4104"),
        ("/admin/compliance/forestlayerrecord/7/change/", "/admin/risk/forestlayerrecord/7/change/"),
    ],
)
def test_admin_pages_from_before_the_risk_app_redirect_to_their_new_address(admin_client, old, new):
    response = admin_client.get(old)
    assert response.status_code == 301
    assert response["Location"] == new


def test_statements_stay_in_the_compliance_admin(admin_client):
    assert admin_client.get("/admin/compliance/duediligencestatement/").status_code == 200
