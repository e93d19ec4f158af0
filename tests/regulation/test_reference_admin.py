"""Staff keep the legal reference data current in the admin."""

from datetime import date, timedelta

import pytest
from django.utils import timezone

from regulation.annex_i import annex_line_for
from regulation.application_dates import application_dates_cache_clear
from regulation.benchmark import benchmark_cache_clear, benchmark_class
from regulation.models import AnnexIEntry, ApplicationDate, CountryBenchmark
from regulation.regime import Size, obligations_apply_from

pytestmark = pytest.mark.django_db
MODELS = {
    "countrybenchmark": CountryBenchmark,
    "annexientry": AnnexIEntry,
    "applicationdate": ApplicationDate,
}


@pytest.fixture(autouse=True)
def _fresh_caches():
    benchmark_cache_clear()
    application_dates_cache_clear()
    yield
    benchmark_cache_clear()
    application_dates_cache_clear()


def _change(admin_client, model: str, pk: int, data: dict):
    return admin_client.post(f"/admin/regulation/{model}/{pk}/change/", {**data, "_save": "Save"})


@pytest.mark.parametrize("model", ["countrybenchmark", "annexientry", "applicationdate"])
def test_reference_tables_are_listed_in_the_admin(admin_client, model):
    response = admin_client.get(f"/admin/regulation/{model}/")
    assert response.status_code == 200


def test_a_later_act_entered_in_the_admin_answers_from_its_date(admin_client):
    benchmark_class("BR")  # warm this process's cache: the admin save must refresh it
    response = admin_client.post(
        "/admin/regulation/countrybenchmark/add/",
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
        ("/admin/compliance/countrybenchmark/", "/admin/regulation/countrybenchmark/"),
        ("/admin/compliance/annexientry/?q=4104", "/admin/regulation/annexientry/?q=4104"),
        ("/admin/compliance/forestlayerrecord/7/change/", "/admin/risk/forestlayerrecord/7/change/"),
        ("/admin/risk/applicationdate/3/change/", "/admin/regulation/applicationdate/3/change/"),
        ("/admin/risk/annexientry/", "/admin/regulation/annexientry/"),
    ],
)
def test_admin_pages_of_moved_models_redirect_to_their_new_address(admin_client, old, new):
    response = admin_client.get(old)
    assert response.status_code == 301
    assert response["Location"] == new


def test_statements_stay_in_the_compliance_admin(admin_client):
    assert admin_client.get("/admin/compliance/duediligencestatement/").status_code == 200


def test_an_existing_benchmark_row_cannot_be_edited_in_place_only_ended(admin_client):
    row = CountryBenchmark.objects.get(country_code="BR", valid_until__isnull=True)
    page = admin_client.get(f"/admin/regulation/countrybenchmark/{row.pk}/change/").content.decode()
    assert 'name="risk_class"' not in page and 'name="valid_from"' not in page
    assert 'name="valid_until"' in page
    response = _change(
        admin_client,
        "countrybenchmark",
        row.pk,
        {
            "country_code": "AR",
            "risk_class": "low",
            "act": "edited",
            "valid_from": "2020-01-01",
            "valid_until": "2027-03-01",
            "source": "Ended: a later act classifies BR from 1.3.2027 (example).",
        },
    )
    assert response.status_code == 302, response.content
    row.refresh_from_db()
    assert (row.country_code, row.risk_class, row.valid_from) == ("BR", "standard", date(2025, 5, 26))
    assert row.act == "Implementing Regulation (EU) 2025/1093"
    assert row.valid_until == date(2027, 3, 1) and row.source.startswith("Ended:")
    assert benchmark_class("BR", date(2027, 2, 28)) == "standard"


def test_an_end_that_has_taken_effect_cannot_be_moved(admin_client):
    past = timezone.now().date() - timedelta(days=10)
    row = CountryBenchmark.objects.get(country_code="BR", valid_until__isnull=True)
    row.valid_until = past
    row.save()
    page = admin_client.get(f"/admin/regulation/countrybenchmark/{row.pk}/change/").content.decode()
    assert 'name="valid_until"' not in page
    _change(admin_client, "countrybenchmark", row.pk, {"valid_until": "2030-01-01", "source": row.source})
    row.refresh_from_db()
    assert row.valid_until == past


def test_an_end_before_the_start_is_refused(admin_client):
    row = CountryBenchmark.objects.get(country_code="BR", valid_until__isnull=True)
    response = _change(admin_client, "countrybenchmark", row.pk, {"valid_until": "2025-01-01", "source": "x"})
    assert response.status_code == 200  # the form again, with the error
    assert response.context["adminform"].form.errors["valid_until"] == [
        "The end cannot come before the start."
    ]
    row.refresh_from_db()
    assert row.valid_until is None


@pytest.mark.parametrize("model", ["countrybenchmark", "annexientry", "applicationdate"])
def test_reference_rows_cannot_be_deleted(admin_client, model):
    row = MODELS[model].objects.order_by("pk").first()
    assert admin_client.get(f"/admin/regulation/{model}/{row.pk}/delete/").status_code == 403
    assert (
        admin_client.post(f"/admin/regulation/{model}/{row.pk}/delete/", {"post": "yes"}).status_code == 403
    )
    admin_client.post(
        f"/admin/regulation/{model}/",
        {"action": "delete_selected", "_selected_action": [row.pk], "post": "yes"},
    )
    assert MODELS[model].objects.filter(pk=row.pk).exists()


def test_an_annex_line_keeps_its_code_and_is_ended_by_the_act_that_removes_it(admin_client):
    row = AnnexIEntry.objects.get(commodity="cocoa", hs_code="1806")
    response = _change(
        admin_client,
        "annexientry",
        row.pk,
        {
            "hs_code": "1807",
            "description": "edited",
            "applies_from": "2020-01-01",
            "act": "edited",
            "applies_until": "2028-01-01",
            "removed_by": "Delegated Regulation (EU) 2027/999 (example)",
            "note": row.note,
        },
    )
    assert response.status_code == 302, response.content
    row.refresh_from_db()
    assert (row.hs_code, row.applies_from) == ("1806", date(2023, 6, 29))
    assert row.act == "Regulation (EU) 2023/1115, Annex I"
    assert row.description.startswith("Chocolate")
    assert (row.applies_until, row.removed_by) == (
        date(2028, 1, 1),
        "Delegated Regulation (EU) 2027/999 (example)",
    )
    assert annex_line_for(commodity="cocoa", hs_code="1806", on=date(2027, 12, 31)) is not None
    assert annex_line_for(commodity="cocoa", hs_code="1806", on=date(2028, 1, 1)) is None


def test_an_annex_line_added_in_the_admin_is_in_scope_from_its_date(admin_client):
    response = admin_client.post(
        "/admin/regulation/annexientry/add/",
        {
            "commodity": "coffee",
            "hs_code": "2101 12",
            "description": "Preparations with a basis of coffee (example)",
            "applies_from": "2028-01-01",
            "applies_until": "",
            "act": "Delegated Regulation (EU) 2027/999 (example)",
            "removed_by": "",
            "note": "",
        },
    )
    assert response.status_code == 302, response.content
    assert annex_line_for(commodity="coffee", hs_code="2101 12", on=date(2027, 12, 31)) is None
    assert annex_line_for(commodity="coffee", hs_code="2101 12", on=date(2028, 1, 1)).act.endswith(
        "(example)"
    )


def test_a_later_act_moving_the_dates_is_added_in_the_admin_and_answers_from_its_date(admin_client):
    assert obligations_apply_from(size=Size.LARGE, on=date(2027, 2, 1)).applies_from == date(2026, 12, 30)
    current = ApplicationDate.objects.get(category="general", valid_until__isnull=True)
    page = admin_client.get(f"/admin/regulation/applicationdate/{current.pk}/change/").content.decode()
    assert 'name="applies_from"' not in page and 'name="valid_until"' in page
    ended = _change(
        admin_client,
        "applicationdate",
        current.pk,
        {"applies_from": "2030-01-01", "valid_until": "2027-03-01", "source": current.source},
    )
    assert ended.status_code == 302, ended.content
    added = admin_client.post(
        "/admin/regulation/applicationdate/add/",
        {
            "category": "general",
            "applies_from": "2027-12-30",
            "established_by": "",
            "excepted_commodities": "",
            "act": "Regulation (EU) 2027/999 (example)",
            "provision": "Article 38(2) as amended by Regulation (EU) 2027/999",
            "source": "OJ text checked by staff",
            "valid_from": "2027-03-01",
            "valid_until": "",
        },
    )
    assert added.status_code == 302, added.content
    current.refresh_from_db()
    assert current.applies_from == date(2026, 12, 30) and current.valid_until == date(2027, 3, 1)
    # The admin's save refreshed this process's copy of the rows.
    assert obligations_apply_from(size=Size.LARGE, on=date(2027, 2, 28)).applies_from == date(2026, 12, 30)
    later = obligations_apply_from(size=Size.LARGE, on=date(2027, 3, 1))
    assert later.applies_from == date(2027, 12, 30) and "2027/999" in later.provision


def test_a_row_that_never_applied_can_still_be_saved(admin_client):
    # 2026/2102 replaced soya "1201 90" before it took effect: it ends on its first day.
    row = AnnexIEntry.objects.get(commodity="soya", hs_code="1201 90")
    assert row.applies_until == row.applies_from
    response = _change(
        admin_client, "annexientry", row.pk, {"applies_until": row.applies_until.isoformat(), "note": "x"}
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
