import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_schema_validates_without_warnings():
    result = subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


def test_schema_describes_keys_errors_and_limits(client):
    schema = client.get("/api/schema/?format=json").json()
    schemes = schema["components"]["securitySchemes"]
    assert schemes["ApiKeyBearer"] == {
        "type": "http",
        "scheme": "bearer",
        "description": "Authorization: Bearer eudr_live_...",
    }
    assert schemes["ApiKeyHeader"]["name"] == "X-API-Key"
    verify = schema["paths"]["/api/v1/verify/{dds_id}"]["get"]
    assert "application/problem+json" in verify["responses"]["404"]["content"]
    assert "application/problem+json" in verify["responses"]["429"]["content"]
    assert "X-RateLimit-Remaining" in verify["responses"]["200"]["headers"]
    assert "Problem" in schema["components"]["schemas"]


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_docs_pages_use_local_assets_only(client, path):
    html = client.get(path).content.decode()
    assert "cdn" not in html.lower() and "https://" not in html.split("<body")[0]
    assert "/static/drf_spectacular_sidecar/" in html or "/api/redoc/dist/bundles/redoc.standalone.js" in html


def test_the_redoc_bundle_is_the_pinned_one_without_its_cdn_logo(client):
    from eudr_service.views import _REDOC_SOURCE

    served = client.get("/api/redoc/dist/bundles/redoc.standalone.js")
    assert served.status_code == 200 and served["Content-Type"].startswith("text/javascript")
    body = served.content
    assert b"cdn.redoc.ly" not in body and b"https://cdn." not in body
    assert len(body) == len(_REDOC_SOURCE.read_bytes()) - len(b"https://cdn.redoc.ly/redoc/logo-mini.svg")
    assert client.post("/api/redoc/dist/bundles/redoc.standalone.js").status_code == 405


def test_every_operation_is_in_a_declared_group(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    declared = {tag["name"] for tag in schema["tags"]}
    assert {"verify", "risk", "dds", "webhooks", "csrd", "widget"} <= declared
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert len(operation["tags"]) == 1, (method, path)
            assert operation["tags"][0] in declared, (method, path, operation["tags"])
    webhooks = schema["paths"]["/api/eudr/v1/webhooks"]
    assert webhooks["get"]["tags"] == ["webhooks"] and webhooks["post"]["tags"] == ["webhooks"]


def test_every_operation_that_takes_a_key_declares_the_livemode_header(client):
    from accounts.authentication import LIVEMODE_HEADER

    schema = client.get("/api/schema/?format=json").json()
    header = schema["components"]["headers"][LIVEMODE_HEADER]
    assert header["schema"] == {"type": "string", "enum": ["true", "false"]}
    keyed = 0
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if not any(requirement for requirement in operation.get("security", [{}])):
                continue  # no key taken (the widget script): no mode either
            keyed += 1
            for status, response in operation["responses"].items():
                declared = LIVEMODE_HEADER in response.get("headers", {})
                # Refused before the key is looked at: no mode to tell.
                assert declared == (status not in ("401", "406", "413")), (method, path, status)
    assert keyed > 30
    verify = schema["paths"]["/api/v1/verify/{dds_id}"]["get"]["responses"]
    assert verify["200"]["headers"][LIVEMODE_HEADER] == {"$ref": f"#/components/headers/{LIVEMODE_HEADER}"}
    assert LIVEMODE_HEADER not in schema["paths"]["/api/widget"]["get"]["responses"]["200"].get("headers", {})
