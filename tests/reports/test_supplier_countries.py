"""Suppliers outside Poland scored by the risk engine; Polish plural forms, appendix and method link."""

import pytest

from regulation.benchmark import benchmark_cache_clear
from reports.builder import _basis_text
from reports.labels import labels_for
from reports.models import CsrdReport
from reports.recommendations import _text
from reports.services import csrd_pdf_render
from reports.supplier_risk import COORDINATES_OUTSIDE_COUNTRY, UNKNOWN_LOCATION, supplier_risks_assess
from tests.reports.conftest import pdf_text

pytestmark = pytest.mark.django_db

SOY_BR = {"name": "Fazenda Boa Vista", "crop_type": "soy", "quantity_t": 10}


@pytest.fixture(autouse=True)
def fresh_benchmark():
    benchmark_cache_clear()
    yield
    benchmark_cache_clear()


def test_a_supplier_with_a_country_and_region_is_scored_on_its_country():
    [risk], _ = supplier_risks_assess(suppliers=[dict(SOY_BR, country="BR", region="Mato Grosso")])
    assert risk.assessed and risk.country == "BR" and risk.score is not None
    assert risk.basis == "country"
    assert any("country only" in warning for warning in risk.warnings)
    text = _basis_text(risk, labels_for("pl"))
    assert text == "kraj BR, Mato Grosso" and "województwo" not in text


def test_a_supplier_with_coordinates_is_scored_where_they_lie():
    [risk], _ = supplier_risks_assess(suppliers=[dict(SOY_BR, country="BR", lat=-12.5, lng=-55.7)])
    assert risk.assessed and risk.basis == "coordinates" and risk.country == "BR"
    assert _basis_text(risk, labels_for("en")) == "coordinates -12.5000, -55.7000 (BR)"


def test_coordinates_outside_the_given_country_are_not_scored():
    [risk], _ = supplier_risks_assess(suppliers=[dict(SOY_BR, country="AR", lat=-12.5, lng=-55.7)])
    assert risk.reason == COORDINATES_OUTSIDE_COUNTRY


def test_without_a_country_the_supplier_is_in_poland_as_before():
    rows, _ = supplier_risks_assess(
        suppliers=[
            {"name": "A", "crop_type": "wheat", "location": "mazowieckie"},
            dict(SOY_BR, location="Mato Grosso"),
        ]
    )
    assert rows[0].assessed and rows[0].basis == "voivodeship" and rows[0].country == "PL"
    assert rows[1].reason == UNKNOWN_LOCATION
    assert (
        _basis_text(rows[1], labels_for("pl")) == "lokalizacja: Mato Grosso"
    )  # never "województwo Mato Grosso"


@pytest.fixture
def api(keyed_client):
    return keyed_client("standard")


def test_request_accepts_country_region_and_coordinates(api, body):
    data = body()
    data["suppliers"][1].update(country="br", region="Mato Grosso", lat=-12.5, lng=-55.7)
    # Accepted is what this test is about: asked for asynchronously, the answer does not
    # wait CSRD_SYNC_TIMEOUT_SECONDS (20 s) for a render that no worker picks up here.
    response = api.post("/api/csrd/report", data, format="json", HTTP_PREFER="respond-async")
    assert response.status_code in (200, 201, 202), response.content


@pytest.mark.parametrize(
    ("change", "field"),
    [({"country": "ZZ"}, "country"), ({"lat": 10.0}, "lat"), ({"lat": 91, "lng": 0}, "lat")],
)
def test_request_refuses_bad_country_or_coordinates(api, body, change, field):
    data = body()
    data["suppliers"][0].update(change)
    response = api.post("/api/csrd/report", data, format="json")
    assert response.status_code == 400
    assert field in response.content.decode()


@pytest.mark.parametrize(
    ("count", "text"),
    [
        (0, "0 dostawców nie ma"),
        (1, "1 dostawca nie ma"),
        (2, "2 dostawcy nie mają"),
        (4, "4 dostawcy nie mają"),
        (5, "5 dostawców nie ma"),
        (12, "12 dostawców nie ma"),
        (14, "14 dostawców nie ma"),
        (22, "22 dostawcy nie mają"),
        (25, "25 dostawców nie ma"),
        (104, "104 dostawcy nie mają"),
        (112, "112 dostawców nie ma"),
    ],
)
def test_polish_plural_forms(count, text):
    """The report's counted texts take Polish one/few/many forms (the catalogue's Plural-Forms)."""
    assert _text("missing_nip", "pl", {"count": count}).startswith(text)


def test_recommendations_agree_with_their_numbers():
    concentration = {"share": 60}
    assert _text("supplier_concentration", "pl", {**concentration, "top": 1}).startswith(
        "Największy dostawca odpowiada"
    )
    assert _text("supplier_concentration", "pl", {**concentration, "top": 3}).startswith(
        "3 najwięksi dostawcy odpowiadają"
    )
    assert _text("supplier_concentration", "pl", {**concentration, "top": 5}).startswith(
        "5 największych dostawców odpowiada"
    )
    assert _text("missing_nip", "en", {"count": 1}).startswith("1 supplier has no")
    assert _text("missing_nip", "pl", {"count": 22}).startswith("22 dostawcy nie mają")


def test_polish_report_has_a_polish_appendix_and_links_the_public_method(settings):
    report = CsrdReport(
        company_name="ACME",
        report_year=2024,
        lang="pl",
        supplier_count=1,
        payload={"suppliers": [{"name": "A", "crop_type": "wheat", "quantity_t": 1}]},
    )
    text = pdf_text(csrd_pdf_render(report=report))
    appendix = text.split("Załącznik: zastosowane wskaźniki emisji")[-1]
    assert "pszenica zwyczajna" in appendix and "soft wheat" not in appendix
    assert "docs/csrd-report.md" not in text
    assert f"{settings.PUBLIC_BASE_URL}/methodology/csrd".replace(" ", "") in text.replace("\n", "").replace(
        " ", ""
    )
