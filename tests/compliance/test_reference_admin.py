"""Staff keep the legal reference data current in the admin."""

from datetime import date

import pytest

from compliance.models import CountryBenchmark
from compliance.risk.service import benchmark_class

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", ["countrybenchmark", "annexientry"])
def test_reference_tables_are_listed_in_the_admin(admin_client, model):
    response = admin_client.get(f"/admin/compliance/{model}/")
    assert response.status_code == 200


def test_a_later_act_entered_in_the_admin_answers_from_its_date(admin_client):
    benchmark_class("BR")  # warm this process's cache: the admin save must refresh it
    response = admin_client.post(
        "/admin/compliance/countrybenchmark/add/",
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
