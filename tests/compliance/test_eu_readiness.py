"""What the EU Information System asks of a statement, checked at filing and in the V3 mapping:
geolocation for every commodity, producers, Annex II quantities, contacts, border country,
grouped declarations and the EU's size limits (docs/eu-information-system.md)."""

import copy
import io
import json
from decimal import Decimal

import pytest
from pypdf import PdfReader

from compliance.models import DDSCommodity, DDSProducer, DDSStatus, DueDiligenceStatement
from compliance.screening import Rule, verdict
from compliance.services import dds_screen
from eu_filing.mapping import NotMappable, dds_to_eu
from eu_filing.models import EuSubmission
from euis.contract import ActivityType
from regulation.benchmark import benchmark_cache_clear
from tests.compliance.test_dds_api import GENERATE, JSON, body

pytestmark = pytest.mark.django_db

PLOT_A = {"lat": 52.25, "lng": 21.05, "area_ha": 2.5}
PLOT_B = {"lat": 52.26, "lng": 21.06, "area_ha": 1.5}
PLOT_C = {"lat": 52.27, "lng": 21.07, "area_ha": 3.0}


@pytest.fixture
def client(keyed_client):
    benchmark_cache_clear()
    return keyed_client("standard")


def domestic(**line_changes):
    data = body(activity="domestic", geolocation_confidential=False)
    data["operator"].pop("eori")
    data["commodities"][0].update({"percentage_estimation_or_deviation": "5"}, **line_changes)
    return data


def two_producers():
    data = domestic()
    line = data["commodities"][0]
    del line["plots"], line["country_of_production"]
    line["producers"] = [
        {"name": "Gospodarstwo Rolne Anna Wiśniewska", "country": "PL", "plots": [PLOT_A, PLOT_B]},
        {"is_operator": True, "country": "PL", "plots": [PLOT_C]},
    ]
    return data


def errors(response):
    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/problem+json"
    return {(e["field"], e["code"]) for e in response.json().get("errors", [])}


# --- No verdict and no submission without geolocation -------------------------------------


def test_a_commodity_without_plots_is_refused_naming_it(client):
    data = domestic()
    data["commodities"].append(copy.deepcopy(data["commodities"][0]))
    data["commodities"][1]["plots"] = []
    response = client.post(GENERATE, data, format="json", **JSON)
    assert ("commodities[1].plots", "empty") in errors(response)
    assert DueDiligenceStatement.objects.count() == 0


def test_a_producer_without_plots_is_refused_naming_it(client):
    data = two_producers()
    data["commodities"][0]["producers"][1]["plots"] = []
    response = client.post(GENERATE, data, format="json", **JSON)
    assert ("commodities[0].producers[1].plots", "empty") in errors(response)
    assert DueDiligenceStatement.objects.count() == 0


def test_screening_never_makes_a_statement_without_plots_compliant(client):
    """A statement made without the filing API (tooling, an old row) whose line has no plot:
    the sweeper's screening sends it to review instead of making it green on "0 plots"."""
    response = client.post(GENERATE, domestic(), format="json", **JSON)
    statement = DueDiligenceStatement.objects.get(dds_id=response.json()["dds_id"])
    assert statement.status == DDSStatus.COMPLIANT  # with its plot
    DDSProducer.objects.filter(commodity__statement=statement).delete()
    DueDiligenceStatement.objects.filter(pk=statement.pk).update(status=DDSStatus.SUBMITTED, screened_at=None)
    screened = dds_screen(statement_id=statement.pk)
    assert screened.status == DDSStatus.UNDER_REVIEW
    assert screened.status_rule == Rule.GEOLOCATION_MISSING
    assert verdict([], lines_without_plots=[]).status != DDSStatus.COMPLIANT


def test_the_mapping_refuses_a_commodity_without_producers(client):
    response = client.post(GENERATE, domestic(), format="json", **JSON)
    assert response.status_code == 201, response.content
    statement = DueDiligenceStatement.objects.get()
    DDSProducer.objects.filter(commodity__statement=statement).delete()  # plots go with them
    with pytest.raises(NotMappable, match="no plot"):
        dds_to_eu(statement)


# --- Producers as the EU models them --------------------------------------------------------


def test_named_producers_are_filed_shown_and_sent_one_element_each(client):
    response = client.post(GENERATE, two_producers(), format="json", **JSON)
    assert response.status_code == 201, response.content
    record = client.get(f"/api/eudr/v1/dds/{response.json()['dds_id']}").json()
    [line] = record["commodities"]
    assert line["producers"] == [
        {
            "name": "Gospodarstwo Rolne Anna Wiśniewska",
            "country": "PL",
            "is_operator": False,
            "plots": [1, 2],
        },
        {"name": "Zakłady Mięsne Łódź S.A.", "country": "PL", "is_operator": True, "plots": [3]},
    ]
    assert len(line["plots"]) == 3

    v3 = dds_to_eu(DueDiligenceStatement.objects.get())
    [commodity] = v3.commodities
    assert [p.name for p in commodity.producers] == [
        "Gospodarstwo Rolne Anna Wiśniewska",
        "Zakłady Mięsne Łódź S.A.",
    ]
    features = [len(json.loads(p.geojson)["features"]) for p in commodity.producers]
    assert features == [2, 1]


def test_plots_without_producers_mean_the_operator_produced_them(client):
    response = client.post(GENERATE, domestic(), format="json", **JSON)
    record = client.get(f"/api/eudr/v1/dds/{response.json()['dds_id']}").json()
    [producer] = record["commodities"][0]["producers"]
    assert producer["is_operator"] and producer["name"] == "Zakłady Mięsne Łódź S.A."


def test_producers_and_quantities_are_in_the_pdf(client):
    response = client.post(GENERATE, two_producers(), format="json")
    assert response.status_code == 201 and response["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    text = " ".join(text.split())
    assert "Gospodarstwo Rolne Anna Wiśniewska (PL): działki / plots 1, 2" in text
    assert "Zakłady Mięsne Łódź S.A. (PL), operator: działka / plot 3" in text
    assert "25000.000 kg (± 5 %" in text


def test_producers_are_in_the_panel(client, django_user_model):
    response = client.post(GENERATE, two_producers(), format="json", **JSON)
    statement = DueDiligenceStatement.objects.get(dds_id=response.json()["dds_id"])
    from django.test import Client

    browser = Client()
    browser.force_login(statement.owner)
    page = browser.get(f"/panel/statements/{statement.dds_id}/").content.decode()
    assert "Gospodarstwo Rolne Anna Wiśniewska (PL)" in page
    assert "1, 2" in page


# --- Annex II quantities and the remaining V3 fields ----------------------------------------


@pytest.mark.parametrize(
    ("activity", "line", "expected"),
    [
        # OPS 10.3 / UOM 1: an import states the net mass, no percentage.
        ("import", {"net_mass_kg": None}, ("commodities[0].net_mass_kg", "required")),
        (
            "import",
            {"percentage_estimation_or_deviation": "5"},
            ("commodities[0].percentage_estimation_or_deviation", "not_allowed"),
        ),
        # UOM Appendix I: HS 4403 (logs) at the border also in m³.
        (
            "import",
            {"commodity": "drewno", "hs_heading": "4403"},
            ("commodities[0].supplementary_unit", "required"),
        ),
        (
            "import",
            {
                "commodity": "drewno",
                "hs_heading": "4403",
                "supplementary_unit": "12",
                "supplementary_unit_qualifier": "NAR",
            },
            ("commodities[0].supplementary_unit_qualifier", "not_compatible"),
        ),
        (
            "import",
            {"supplementary_unit": "12", "supplementary_unit_qualifier": "NAR"},
            ("commodities[0].supplementary_unit", "not_allowed"),
        ),
        # UOM 2: outside customs the net mass comes with its percentage.
        (
            "domestic",
            {"percentage_estimation_or_deviation": None},
            ("commodities[0].percentage_estimation_or_deviation", "required"),
        ),
        (
            "domestic",
            {"percentage_estimation_or_deviation": "26"},
            ("commodities[0].percentage_estimation_or_deviation", "max_value"),
        ),
        # OPS 10.3: a supplementary unit has its type, and the reverse.
        (
            "domestic",
            {"supplementary_unit": "12"},
            ("commodities[0].supplementary_unit_qualifier", "required"),
        ),
    ],
)
def test_quantity_rules_of_the_eu(client, activity, line, expected):
    data = body() if activity == "import" else domestic()
    for key, value in line.items():
        if value is None:
            data["commodities"][0].pop(key, None)
        else:
            data["commodities"][0][key] = value
    if line.get("commodity") == "drewno":
        data["commodities"][0]["species"] = [{"scientific_name": "Pinus sylvestris", "common_name": "sosna"}]
    assert expected in errors(client.post(GENERATE, data, format="json", **JSON))
    assert DueDiligenceStatement.objects.count() == 0


def test_a_domestic_supplementary_unit_alone_is_enough(client):
    data = domestic(supplementary_unit="40", supplementary_unit_qualifier="MTQ")
    del data["commodities"][0]["net_mass_kg"], data["commodities"][0]["percentage_estimation_or_deviation"]
    response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 201, response.content
    [commodity] = dds_to_eu(DueDiligenceStatement.objects.get()).commodities
    assert commodity.measure.net_weight_kg is None
    assert (commodity.measure.supplementary_unit, commodity.measure.supplementary_unit_qualifier) == (
        Decimal("40.000"),
        "MTQ",
    )


def test_an_import_maps_its_quantities_and_border_country(client):
    data = body(border_cross_country="de", geolocation_confidential=False)
    data["operator"].update(email="eudr@zaklady.example", phone="+48 42 000 00 00")
    response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 201, response.content
    record = client.get(f"/api/eudr/v1/dds/{response.json()['dds_id']}").json()
    assert record["border_cross_country"] == "DE"
    assert (record["operator"]["email"], record["operator"]["phone"]) == (
        "eudr@zaklady.example",
        "+48 42 000 00 00",
    )
    v3 = dds_to_eu(DueDiligenceStatement.objects.get())
    assert v3.activity == ActivityType.IMPORT and v3.border_cross_country == "DE"
    assert v3.commodities[0].measure.net_weight_kg == Decimal("25000.000")
    assert v3.commodities[0].measure.percentage_estimation_or_deviation is None


def test_border_country_only_for_customs_and_only_a_member_state(client):
    assert ("border_cross_country", "border_cross_country_not_allowed") in errors(
        client.post(GENERATE, domestic() | {"border_cross_country": "DE"}, format="json", **JSON)
    )
    assert ("border_cross_country", "not_a_member_state") in errors(
        client.post(GENERATE, body(border_cross_country="UA"), format="json", **JSON)
    )


@pytest.mark.parametrize("activity", ["import", "export"])
def test_an_import_or_export_needs_the_eori(client, activity):
    data = body(activity=activity)
    data["operator"].pop("eori")
    assert ("operator.eori", "eori_required") in errors(client.post(GENERATE, data, format="json", **JSON))


# --- Grouped declarations --------------------------------------------------------------------


def _numbered(client, *, eu_status):
    response = client.post(GENERATE, domestic(), format="json", **JSON)
    statement = DueDiligenceStatement.objects.get(dds_id=response.json()["dds_id"])
    reference = f"26PL{statement.pk:010d}"
    EuSubmission.objects.update_or_create(
        statement=statement,
        defaults={
            "internal_reference": f"G-{statement.pk}",
            "reference_number": reference,
            "eu_status": eu_status,
        },
    )
    return reference


def test_grouped_declarations_reference_own_available_statements(client):
    reference = _numbered(client, eu_status="AVAILABLE")
    archived = _numbered(client, eu_status="ARCHIVED")
    response = client.post(
        GENERATE, domestic() | {"grouped_declarations": [reference, archived.lower()]}, format="json", **JSON
    )
    assert response.status_code == 201, response.content
    grouped = DueDiligenceStatement.objects.get(dds_id=response.json()["dds_id"])
    assert dds_to_eu(grouped).grouped_declarations == (reference, archived)


@pytest.mark.parametrize("eu_status", ["SUBMITTED", "WITHDRAWN", "GROUPED"])
def test_a_statement_not_available_at_the_eu_cannot_be_grouped(client, eu_status):
    reference = _numbered(client, eu_status=eu_status)
    before = DueDiligenceStatement.objects.count()
    response = client.post(
        GENERATE, domestic() | {"grouped_declarations": [reference]}, format="json", **JSON
    )
    assert response.status_code == 400
    problem = response.json()
    assert (
        problem["code"] == "grouped_declaration_not_usable" and problem["field"] == "grouped_declarations[0]"
    )
    assert DueDiligenceStatement.objects.count() == before


def test_another_accounts_statement_cannot_be_grouped(client, keyed_client):
    reference = _numbered(keyed_client("standard"), eu_status="AVAILABLE")
    response = client.post(
        GENERATE, domestic() | {"grouped_declarations": [reference]}, format="json", **JSON
    )
    assert response.status_code == 400 and response.json()["code"] == "grouped_declaration_not_usable"
    assert "not the EU reference number of one of your statements" in response.json()["detail"]


# --- The EU's size limits, before anything is sent -------------------------------------------


def test_more_than_1000_producers_in_a_commodity_is_refused_with_the_measure(client):
    data = two_producers()
    data["commodities"][0]["producers"] = [
        {"name": f"Producent {n}", "country": "PL", "plots": [PLOT_A]} for n in range(1001)
    ]
    response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 400
    problem = response.json()
    assert (problem["code"], problem["limit"], problem["maximum"], problem["measured"]) == (
        "eu_limit_exceeded",
        "producers_per_commodity",
        1000,
        1001,
    )
    assert problem["field"] == "commodities[0]" and problem["source"] == "OPS 10.3"
    assert DueDiligenceStatement.objects.count() == 0


def test_more_than_100_commodities_is_refused_with_the_measure(client):
    data = domestic()
    data["commodities"] = [copy.deepcopy(data["commodities"][0]) for _ in range(101)]
    response = client.post(GENERATE, data, format="json", **JSON)
    problem = response.json()
    assert (response.status_code, problem["limit"], problem["measured"]) == (
        400,
        "commodities_per_statement",
        101,
    )


def test_more_than_2000_grouped_declarations_is_refused(client):
    references = [f"26PL{n:010d}" for n in range(2001)]
    response = client.post(GENERATE, domestic() | {"grouped_declarations": references}, format="json", **JSON)
    problem = response.json()
    assert (response.status_code, problem["limit"], problem["measured"]) == (
        400,
        "referenced_statements",
        2001,
    )


def test_the_geolocation_size_is_measured_on_what_would_be_sent(client, monkeypatch):
    from eu_filing import mapping as eu_mapping
    from euis import limits

    response = client.post(GENERATE, two_producers(), format="json", **JSON)
    assert response.status_code == 201
    statement = DueDiligenceStatement.objects.get()
    small = limits.EuLimit("geolocation_bytes", 100, "bytes of geolocation in a statement", "OPS 2.4, 10.3")
    monkeypatch.setattr(limits, "GEOLOCATION", small)
    with pytest.raises(eu_mapping.NotMappable, match="at most 100 bytes of geolocation"):
        dds_to_eu(statement)


def test_lines_keep_their_producers_country(client):
    data = two_producers()
    data["commodities"][0]["producers"][0]["country"] = "LT"
    response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 201, response.content
    line = DDSCommodity.objects.get()
    assert [p.country for p in line.producers.all()] == ["LT", "PL"]
    assert [p.country for p in dds_to_eu(line.statement).commodities[0].producers] == ["LT", "PL"]


def test_the_readme_producers_example_files(client):
    """The README's producers fragment, in the README's domestic body, is accepted as shown."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    fragment = readme.split('```json\n"commodities"', 1)[1].split("```", 1)[0]
    lines = json.loads('{"commodities"' + fragment + "}")["commodities"]
    response = client.post(GENERATE, domestic() | {"commodities": lines}, format="json", **JSON)
    assert response.status_code == 201, response.content
    [line] = client.get(f"/api/eudr/v1/dds/{response.json()['dds_id']}").json()["commodities"]
    assert [p["name"] for p in line["producers"]] == [
        "Gospodarstwo Rolne Anna Wiśniewska",
        "Gospodarstwo Rolne Piotr Zieliński",
    ]


def test_the_mapping_refuses_an_import_without_eori_filed_before_the_check(client):
    response = client.post(GENERATE, body(geolocation_confidential=False), format="json", **JSON)
    assert response.status_code == 201, response.content
    DueDiligenceStatement.objects.update(operator_eori="")  # a row from before the filing check
    with pytest.raises(NotMappable, match="EORI"):
        dds_to_eu(DueDiligenceStatement.objects.get())


def test_the_mapping_refuses_quantities_the_eu_would_refuse(client):
    response = client.post(GENERATE, domestic(), format="json", **JSON)
    assert response.status_code == 201, response.content
    DDSCommodity.objects.update(percentage_estimation_or_deviation=None)  # an older row
    with pytest.raises(NotMappable, match=r"Commodity 1: .*percentage"):
        dds_to_eu(DueDiligenceStatement.objects.get())
