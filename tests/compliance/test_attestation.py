"""The signatory attests legality (Article 3(b)) and the Annex II point 5 declaration."""

import io

import pytest
from pypdf import PdfReader

from compliance.declarations import ANNEX_II_POINT_5_EN, DECLARATION_VERSION
from compliance.models import DueDiligenceStatement
from regulation.benchmark import benchmark_cache_clear
from tests.compliance.test_dds_api import GENERATE, JSON, body

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(keyed_client):
    benchmark_cache_clear()
    return keyed_client("standard")


def without(field="", **changes):
    """The filing body without the attestation (no arguments), without one of its
    fields, or with fields changed."""
    data = body()
    if not field and not changes:
        del data["attestation"]
        return data
    data["attestation"].pop(field, None)
    data["attestation"].update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "path"),
    [
        (without(), "attestation"),
        (without("legality"), "attestation.legality"),
        (without(legality=False), "attestation.legality"),
        (without(legality="true"), "attestation.legality"),
        (without(annex_ii_declaration=False), "attestation.annex_ii_declaration"),
        (without("annex_ii_declaration"), "attestation.annex_ii_declaration"),
        (without("signatory_name"), "attestation.signatory_name"),
        (without(signatory_function="  "), "attestation.signatory_function"),
        (without(declaration_version="2019-old"), "attestation.declaration_version"),
    ],
)
def test_missing_or_false_attestation_is_400_and_files_nothing(client, data, path):
    response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
    assert path in [error["field"] for error in response.json()["errors"]]
    assert not DueDiligenceStatement.objects.exists()


def test_attestation_is_recorded_and_shown(client):
    record = client.post(GENERATE, body(), format="json", **JSON).json()
    attestation = record["attestation"]
    assert attestation["legality"] is True and attestation["annex_ii_declaration"] is True
    assert attestation["signatory_name"] == "Anna Nowak"
    assert attestation["signatory_function"] == "Prezes zarządu"
    assert attestation["attested_at"].endswith("Z")
    assert attestation["declaration_version"] == DECLARATION_VERSION


def _pdf_text(content: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(content)).pages)


def test_pdf_has_annex_ii_declaration_signature_and_evidence(client):
    response = client.post(GENERATE, body(), format="json")
    text = _pdf_text(response.content)
    assert ANNEX_II_POINT_5_EN in text
    for line in ("Signed for and on behalf of:", "Date:", "Name and function:", "Signature:"):
        assert line in text
    assert "Anna Nowak, Prezes zarządu" in text
    assert "1201" in text and "25000" in text  # HS code and quantity (points 2)
    # The rule's findings by their plot-table marks, never a raw code.
    assert "R1 (1)" in text and "article_13_low_risk" not in text and "automatic screening" in text
    assert "ertificate" not in text and "ertyfikat " not in text
