"""POST /api/csrd/report: every rule of the request body, each error naming its path."""

import datetime

import pytest

from reports.models import CsrdReport
from tests.reports.conftest import VALID_NIP

pytestmark = pytest.mark.django_db
URL = "/api/csrd/report"
NEXT_YEAR = datetime.date.today().year + 1


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def supplier(**fields):
    return {"name": "Farma", "crop_type": "wheat", "quantity_t": 1, **fields}


def _errors(response):
    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["code"] == "invalid_request"
    return {error["field"] for error in body["errors"]}


@pytest.mark.parametrize(
    ("overrides", "path"),
    [
        ({"company_name": ""}, "company_name"),
        ({"company_name": "   "}, "company_name"),
        ({"company_name": "x" * 201}, "company_name"),
        ({"company_name": None}, "company_name"),
        ({"report_year": 1999}, "report_year"),
        ({"report_year": NEXT_YEAR + 1}, "report_year"),
        ({"report_year": 20245}, "report_year"),
        ({"report_year": "year"}, "report_year"),
        ({"report_year": True}, "report_year"),
        ({"report_year": 2024.5}, "report_year"),
        ({"suppliers": []}, "suppliers"),
        ({"suppliers": [supplier()] * 1001}, "suppliers"),
        ({"suppliers": "many"}, "suppliers"),
        ({"lang": "de"}, "lang"),
        ({"suppliers": [supplier(crop_type="barley")]}, "suppliers[0].crop_type"),
        ({"suppliers": [supplier(crop_type=None)]}, "suppliers[0].crop_type"),
        ({"suppliers": [supplier(), supplier(quantity_t=-0.5)]}, "suppliers[1].quantity_t"),
        ({"suppliers": [supplier(quantity_t="NaN")]}, "suppliers[0].quantity_t"),
        ({"suppliers": [supplier(quantity_t=True)]}, "suppliers[0].quantity_t"),
        ({"suppliers": [supplier(area_ha=-1)]}, "suppliers[0].area_ha"),
        ({"suppliers": [supplier(nip="5260250275")]}, "suppliers[0].nip"),
        ({"suppliers": [supplier(nip="1000000160")]}, "suppliers[0].nip"),  # checksum 10: never issued
        ({"suppliers": [supplier(nip="52602502")]}, "suppliers[0].nip"),
        ({"suppliers": [supplier(parcel_id="141201-1-0001-6509")]}, "suppliers[0].parcel_id"),
        ({"suppliers": [supplier(parcel_id="991201_1.0001.6509")]}, "suppliers[0].parcel_id"),
        ({"suppliers": [{"crop_type": "wheat"}]}, "suppliers[0].name"),
        ({"suppliers": [supplier(name="")]}, "suppliers[0].name"),
        ({"suppliers": [supplier(location="x" * 101)]}, "suppliers[0].location"),
    ],
)
def test_invalid_field_is_named_by_its_path(client, body, overrides, path):
    response = client.post(URL, body(**overrides), format="json")
    assert path in _errors(response)
    assert not CsrdReport.objects.exists()


@pytest.mark.parametrize("field", ["company_name", "report_year", "suppliers"])
def test_required_fields(client, body, field):
    data = body()
    del data[field]
    assert field in _errors(client.post(URL, data, format="json"))


def test_all_errors_are_listed_together(client, body):
    data = body(company_name="", suppliers=[supplier(nip="1"), supplier(crop_type="x", area_ha=-2)])
    assert _errors(client.post(URL, data, format="json")) == {
        "company_name",
        "suppliers[0].nip",
        "suppliers[1].crop_type",
        "suppliers[1].area_ha",
    }


@pytest.mark.parametrize("nip", [VALID_NIP, "526-025-02-74", "PL5260250274", "pl 526 025 02 74"])
def test_nip_forms_are_accepted_and_normalised(client, body, nip):
    response = client.post(
        URL, body(suppliers=[supplier(nip=nip)]), format="json", HTTP_PREFER="respond-async"
    )
    assert response.status_code == 202, response.content
    assert CsrdReport.objects.get().payload["suppliers"][0]["nip"] == VALID_NIP


def test_optional_fields_and_defaults(client, body):
    data = body(
        report_year=NEXT_YEAR,
        suppliers=[{"name": "Farma", "crop_type": "other", "nip": "", "parcel_id": None}],
    )
    response = client.post(URL, data, format="json", HTTP_PREFER="respond-async")
    assert response.status_code == 202, response.content
    report = CsrdReport.objects.get()
    assert report.lang == "pl"
    assert report.payload["suppliers"] == [{"name": "Farma", "crop_type": "other"}]


def test_year_2000_and_1000_suppliers_are_accepted(client, body):
    data = body(report_year=2000, suppliers=[supplier(parcel_id="141201_1.0001.6509")] * 1000, lang="en")
    response = client.post(URL, data, format="json", HTTP_PREFER="respond-async")
    assert response.status_code == 202, response.content
    assert CsrdReport.objects.get().supplier_count == 1000


def test_body_must_be_an_object(client):
    response = client.post(URL, [1, 2], format="json")
    assert response.status_code == 400
