"""Property-based fuzzing of every operation in our own OpenAPI schema (schemathesis).

The schema is generated in-process by drf-spectacular (the same document
/api/schema/ serves) and every request goes to the WSGI application in-process:
no network, no server. Each operation gets a bounded, derandomized set of
examples, positive and negative, sent with the key of an enterprise account
(every feature, no quota), and each answer must:

- not be a 5xx;
- have a status code, content type, headers and body that the schema declares.

Notes per operation (nothing is excluded):
- POST /api/csrd/report renders a PDF for every accepted example (the tests commit, so
  the render queued on commit runs, eagerly): it is the slowest operation (~20 s), kept
  at the common bound of examples.
- The parcel risk operations (POST /api/eudr/v1/risk-score, POST /v1/risk-score) need the
  GUGiK ULDK service: ULDK_BASE_URL points at a closed local port, so an unknown parcel
  answers 503 at once, which the schema declares.
- Webhook URLs are resolved by a fake DNS (the DNS is a third-party boundary) that
  answers a public address for every name, and outbound delivery is refused before any
  connection is made: no traffic leaves the machine.
"""

from __future__ import annotations

import ipaddress
import json
import zlib

import pytest
import schemathesis
from django.conf import settings as settings_module
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from eudr_service.lib import safe_http
from eudr_service.wsgi import application
from tests.security.conftest import CSRD_BODY, DDS_BODY, bearer_client
from tests.security.test_fuzzed_schema import generated_schema

# Every test here is of the fuzzing layer: tests/conftest.py (SLOW_LAYER_MODULES) does
# not even import this module in a run that leaves that layer out.
pytestmark = pytest.mark.fuzz

UPSTREAM_OPERATIONS = {"POST /api/eudr/v1/risk-score", "POST /v1/risk-score"}


def not_a_server_error_but_upstream(ctx, response, case) -> bool | None:
    """Any 5xx fails, except the documented 503 of the parcel operations when ULDK is unreachable."""
    if response.status_code == 503 and case.operation.label in UPSTREAM_OPERATIONS:
        body = json.loads(response.content)
        assert body["code"] == "parcel_service_unavailable" and response.headers.get("retry-after")
        return None
    return not_a_server_error(ctx, response, case)


CHECKS = [
    not_a_server_error_but_upstream,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
# A documentation address would be refused as non-global; this one is public
# and never contacted (sending is refused below).
FAKE_PUBLIC_ADDRESS = ipaddress.ip_address("93.184.215.14")
CLOSED_LOCAL_PORT = "http://127.0.0.1:9/"  # discard port: nothing listens
PARCEL_ID = "141201_1.0001.6509"

# One valid request body per operation that takes one. Random bodies almost never
# pass the semantic checks (NIP checksums, geometry rules), so without these the
# success answers would go untested; the examples phase sends each of them once.
VALID_BODIES: dict[tuple[str, str], dict] = {
    ("/api/eudr/dds/generate", "post"): DDS_BODY,
    ("/api/csrd/report", "post"): CSRD_BODY,
    ("/api/eudr/v1/webhooks", "post"): {"url": "https://hooks.example.com/eudr", "events": ["dds.created"]},
    ("/api/eudr/v1/webhooks/{webhook_id}", "patch"): {"events": ["dds.at_risk"], "enabled": True},
    ("/api/eudr/v1/risk-score", "post"): {"parcelId": PARCEL_ID, "commodity": "soja"},
    ("/v1/risk-score", "post"): {"parcelId": PARCEL_ID, "commodity": "soja"},
    ("/api/eudr/v1/risk-score/batch", "post"): {
        "parcels": [{"lat": 52.25, "lng": 21.05}, {"lat": -3.1, "lng": -60}]
    },
}


def _served_schema() -> dict:
    document = generated_schema()
    for (path, method), example in VALID_BODIES.items():
        document["paths"][path][method]["requestBody"]["content"]["application/json"]["example"] = example
    return document


schema = schemathesis.openapi.from_dict(_served_schema())
schema.app = application

FUZZ = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[
        # The key and the seeded objects are the same for every example on purpose.
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.data_too_large,
    ],
)


@pytest.fixture
def _offline(settings, monkeypatch) -> None:
    settings.ULDK_BASE_URL = CLOSED_LOCAL_PORT
    settings.ULDK_TIMEOUT_SECONDS = 1.0
    monkeypatch.setattr(safe_http, "resolve", lambda host, port: [FAKE_PUBLIC_ADDRESS])

    def refuse(url: str, **kwargs) -> None:
        raise safe_http.OutboundError("outbound HTTP is disabled in the fuzzing tests")

    monkeypatch.setattr(safe_http, "post", refuse)
    # Webhook deliveries go through the connection pool: refused there too, no packet leaves.
    monkeypatch.setattr(safe_http.ConnectionPool, "post", lambda self, target, **kwargs: refuse(str(target)))


@pytest.fixture
def owned_ids(_offline, enterprise_key, settings, tmp_path) -> dict[str, str]:
    """One object of each kind in the enterprise account, made through the API: path
    parameters are swapped for these ids in about half of the examples, so the success
    answers of the object endpoints are fuzzed too, not only their 404s."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    client = bearer_client(enterprise_key)
    statement = client.post("/api/eudr/dds/generate", DDS_BODY, format="json", HTTP_ACCEPT="application/json")
    report = client.post("/api/csrd/report", CSRD_BODY, format="json", HTTP_PREFER="respond-async")
    webhook = client.post(
        "/api/eudr/v1/webhooks", VALID_BODIES[("/api/eudr/v1/webhooks", "post")], format="json"
    )
    assert (statement.status_code, report.status_code, webhook.status_code) == (201, 202, 201)
    delivery = client.post(f"/api/eudr/v1/webhooks/{webhook.json()['id']}/test")
    assert delivery.status_code == 202
    return {
        "dds_id": statement.json()["dds_id"],
        "report_id": report.json()["id"],
        "webhook_id": webhook.json()["id"],
        "delivery_id": delivery.json()["id"],
    }


def _use_owned_ids(case, owned: dict[str, str]) -> None:
    for name, value in (case.path_parameters or {}).items():
        # A stable half of the generated values, so runs stay reproducible.
        if name in owned and zlib.crc32(repr(value).encode()) % 2 == 0:
            case.path_parameters[name] = owned[name]


# Transactional: work queued on commit (PDF rendering, webhook sends) runs as in production.
@pytest.mark.django_db(transaction=True)
@schema.parametrize()
@FUZZ
def test_operation_conforms_to_schema(case, enterprise_key, owned_ids):
    _use_owned_ids(case, owned_ids)
    # The schema describes the latest version; answers in 1.0 keep its older forms.
    case.call_and_validate(
        headers={
            "Authorization": f"Bearer {enterprise_key}",
            "API-Version": settings_module.LATEST_API_VERSION,
        },
        checks=CHECKS,
    )
