"""An empty list is refused in words, not "at least 1 elements", and in the reader's language."""

import pytest

pytestmark = pytest.mark.django_db


def test_an_empty_event_list_is_refused_as_empty(keyed_client):
    client = keyed_client("standard")
    body = {"url": "https://example.com/h", "events": []}
    answer = client.post("/api/eudr/v1/webhooks", body, format="json")
    assert answer.status_code == 400
    text = str(answer.json())
    assert "elements" not in text and ("may not be empty" in text or "nie może być pusta" in text)


def test_an_empty_supplier_list_is_refused_as_empty(keyed_client):
    answer = keyed_client("standard").post(
        "/api/csrd/report", {"company_name": "X", "report_year": 2025, "suppliers": []}, format="json"
    )
    assert answer.status_code == 400 and "elements" not in str(answer.json())
