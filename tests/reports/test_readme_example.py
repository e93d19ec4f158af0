"""The README's CSRD request, sent as written, gives the report's PDF."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

# Committed transactions, as in production: the rendering is handed over on commit.
pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)
README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_csrd_request_answers_with_the_pdf(keyed_client):
    body = json.loads(re.search(r"/api/csrd/report -d '(\{.*?\})'\n", README.read_text(), re.S).group(1))
    response = keyed_client("standard").post("/api/csrd/report", body, format="json")
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content).startswith(b"%PDF")
