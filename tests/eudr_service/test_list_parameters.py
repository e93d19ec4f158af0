"""What a list takes, said out loud: the page size as `page_size` or `limit` (the `next`
link keeps the caller's word), a 400 naming any query parameter the list does not take (in
both versions), and deprecation headers only on answers that have an older form."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.compliance.test_dds_api import GENERATE, JSON, with_plots
from tests.eu_filing.test_simplified_declaration import eu  # noqa: F401  (fixture)
from tests.euis.conftest import fake_eu  # noqa: F401  (fixture)
from tests.suppliers.test_bulk_filing import OPTIONS, buyer  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db
PLOT = {"lat": 52.25, "lng": 21.05, "area_ha": 2.5}
V11 = {"HTTP_API_VERSION": "1.1"}
LIST = "/api/eudr/dds/list"


@pytest.fixture
def client(keyed_client):
    client = keyed_client("enterprise")
    for number in range(3):
        body = {**with_plots(PLOT), "geolocation_confidential": False, "internal_reference": f"PO-{number}"}
        assert client.post(GENERATE, body, format="json", **JSON).status_code == 201
    return client


@pytest.mark.parametrize("version", [{}, V11], ids=["1.0", "1.1"])
def test_limit_pages_as_page_size_does_and_next_keeps_the_callers_word(client, version):
    first = client.get(LIST, {"limit": 2}, **version).json()
    assert len(first["results"]) == 2 and first["has_more"] is True
    query = parse_qs(urlsplit(first["next"]).query)
    assert query["limit"] == ["2"] and "page_size" not in query
    rest = client.get(first["next"], **version).json()
    assert len(rest["results"]) == 1 and rest["has_more"] is False
    same = client.get(LIST, {"page_size": 2}, **version).json()
    assert [s["dds_id"] for s in same["results"]] == [s["dds_id"] for s in first["results"]]
    assert "page_size=2" in same["next"] and "limit" not in same["next"]


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ({"limit": "two"}, "limit must be a whole number from 1 to 200"),
        ({"page_size": "0"}, "page_size must be a whole number from 1 to 200"),
        ({"page_size": "2", "limit": "3"}, "page_size and limit name the same thing"),
    ],
)
def test_a_page_size_that_cannot_be_used_is_a_400_saying_why(client, query, said):
    response = client.get(LIST, query)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_request" and said in response.json()["detail"]


@pytest.mark.parametrize("version", [{}, V11], ids=["1.0", "1.1"])
@pytest.mark.parametrize(
    "path",
    [
        LIST,
        "/api/eudr/v1/simplified-declarations",
        "/api/eudr/v1/suppliers",
        "/api/eudr/v1/supplier-filings",
        "/api/eudr/v1/webhooks",
        "/api/eudr/v1/trading-partners",
        "/api/eudr/v1/upstream-references",
        "/api/eudr/v1/substantiated-concerns",
    ],
)
def test_an_unknown_query_parameter_on_any_list_is_a_400_naming_it(client, path, version):
    response = client.get(path, {"offset": "10", "sort": "name"}, **version)
    assert response.status_code == 400, (path, response.content)
    problem = response.json()
    assert problem["code"] == "unknown_query_parameter"
    assert [e["field"] for e in problem["errors"]] == ["offset", "sort"]
    assert "does not take offset, sort" in problem["detail"] and "page_size" in problem["detail"]
    assert response["Content-Type"].startswith("application/problem+json")


def test_the_parameters_a_list_publishes_are_taken(client):
    assert (
        client.get(LIST, {"status": "COMPLIANT", "internal_reference": "PO-1", "limit": 1}).status_code == 200
    )
    assert client.get(LIST, {"format": "json"}).status_code == 200  # DRF's renderer switch, on every view
    assert client.head(LIST, {"status": "COMPLIANT"}).status_code == 200
    assert client.head(LIST, {"sort": "x"}).status_code == 400
    # Version 1.0's numbered webhook pages take `page`; 1.1's cursor pages do not.
    assert client.get("/api/eudr/v1/webhooks", {"page": 1}).status_code == 200
    refused = client.get("/api/eudr/v1/webhooks", {"page": 1}, **V11)
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "page"


def test_a_resource_added_after_1_0_answers_its_one_form_without_deprecation_headers(
    buyer,  # noqa: F811
    django_capture_on_commit_callbacks,
    settings,
):
    with django_capture_on_commit_callbacks(execute=True):
        started = buyer.post("/api/eudr/v1/supplier-filings", OPTIONS, format="json")  # no API-Version
    assert started.status_code == 202, started.content
    for answer in (started, buyer.get("/api/eudr/v1/suppliers"), buyer.get(started["Location"])):
        assert answer["API-Version"] == "1.1"
        assert not answer.has_header("Deprecation") and not answer.has_header("Sunset")
    assert started["Location"].startswith(settings.PUBLIC_BASE_URL)  # its one form: absolute links
    # An answer that has an older form still says so in 1.0.
    old = buyer.get("/api/eudr/v1/webhooks")
    assert old["API-Version"] == "1.0" and old["Deprecation"] == "true" and old.has_header("Sunset")
