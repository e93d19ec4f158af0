"""OpenAPI: the three CSRD operations, the PDF as binary, errors as problem+json."""

import pytest

pytestmark = pytest.mark.django_db


def test_csrd_operations_are_described(client):
    paths = client.get("/api/schema/?format=json").json()["paths"]
    create = paths["/api/csrd/report"]["post"]
    assert create["responses"]["200"]["content"] == {
        "application/pdf": {"schema": {"type": "string", "format": "binary"}}
    }
    assert "application/json" in create["responses"]["202"]["content"]
    assert set(create["responses"]["400"]["content"]) == {"application/problem+json"}
    assert create["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "CsrdReportRequestRequest"
    )
    status = paths["/api/csrd/reports/{report_id}"]["get"]
    assert status["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("CsrdReport")
    pdf = paths["/api/csrd/reports/{report_id}/pdf"]["get"]
    assert set(pdf["responses"]) >= {"200", "404", "409", "410"}
    assert set(pdf["responses"]["409"]["content"]) == {"application/problem+json"}
