"""The suppliers API: the roster uploaded as a file, its template, the list and one supplier."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from suppliers.models import Supplier
from tests.suppliers.test_roster import GOOD, _csv

# Tasks run here in the services suite too: these tests are about what the tasks do.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
SUPPLIERS = "/api/eudr/v1/suppliers"


def _upload(client, data: bytes, name: str = "dostawcy.csv"):
    return client.post(f"{SUPPLIERS}/import", {"file": SimpleUploadedFile(name, data)}, format="multipart")


def test_upload_list_filter_and_retrieve(keyed_client):
    client = keyed_client("standard")
    response = _upload(client, _csv(*GOOD))
    assert response.status_code == 201, response.content
    assert (response.json()["rows"], response.json()["created"], response.json()["file_format"]) == (
        3,
        3,
        "csv",
    )
    listed = client.get(SUPPLIERS).json()
    assert len(listed["results"]) == 3 and listed["has_more"] is False
    wood = client.get(SUPPLIERS, {"commodity": "wood"}).json()["results"]
    assert [s["producer_number"] for s in wood] == ["D-2"]
    one = client.get(f"{SUPPLIERS}/{wood[0]['id']}").json()
    assert (one["nip"], one["city"], one["parcels"]) == ("5260250274", "Radom", [])
    assert client.get(SUPPLIERS, {"commodity": "wheat"}).status_code == 400


def test_an_invalid_roster_is_a_problem_listing_lines_and_fields(keyed_client):
    client = keyed_client("standard")
    bad = GOOD[0].replace("99-100", "99100")
    response = _upload(client, _csv(GOOD[1], bad))
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "roster_invalid"
    assert body["errors"] == [
        {
            "line": 3,
            "field": "postal_code",
            "code": "invalid_postal_code",
            "message": "A Polish postal code reads NN-NNN.",
        }
    ]
    assert not Supplier.objects.exists()
    missing = client.post(f"{SUPPLIERS}/import", {}, format="multipart")
    assert missing.status_code == 400 and missing.json()["code"] == "invalid_upload"


@pytest.mark.parametrize(("lang", "first"), [("pl", "numer dostawcy"), ("en", "producer_number")])
def test_the_template_downloads_and_uploads_back(keyed_client, lang, first):
    client = keyed_client("standard")
    response = client.get(f"{SUPPLIERS}/template.csv", {"lang": lang})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    text = response.content.decode("utf-8-sig")
    assert text.splitlines()[0].startswith(first)
    assert _upload(client, response.content).status_code == 201
    # The same as an Excel workbook, which uploads back too.
    workbook = client.get(f"{SUPPLIERS}/template.xlsx", {"lang": lang})
    assert workbook.status_code == 200 and workbook.content[:2] == b"PK"
    assert _upload(client, workbook.content, name="dostawcy.xlsx").status_code == 201


def test_another_account_or_mode_sees_none_of_them(keyed_client, make_key):
    owner = keyed_client("standard")
    _upload(owner, _csv(*GOOD))
    supplier = Supplier.objects.first()
    other = keyed_client("standard")
    assert other.get(f"{SUPPLIERS}/{supplier.public_id}").status_code == 404
    assert other.get(SUPPLIERS).json()["results"] == []
    assert owner.get(f"{SUPPLIERS}/not-a-uuid").status_code == 404


def test_a_plan_without_filing_is_refused_with_an_upgrade_link(keyed_client):
    response = keyed_client("free").get(SUPPLIERS)
    assert response.status_code == 403 and response.json()["code"] == "plan_required"
    assert "upgrade_url" in response.json()
