"""The API conventions (docs/api-conventions.md), walked over every answer.

Two walks. The schema walk reads every response schema of the published document
(which describes the latest version) and checks each field's declared form. The live
walk fills one account with an object of each kind, calls every JSON GET operation of
the schema at the latest version, and checks every field of every answer by its name:
timestamps with milliseconds and Z, links absolute, quantities JSON numbers,
commodities as Annex I codes. An operation the walk cannot call must be listed below
with its reason, so a new endpoint cannot escape it.
"""

from __future__ import annotations

import ipaddress
import json
import re
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from rest_framework.test import APIClient

from compliance.evidence_record import statement_record_write
from compliance.models import FilingKind
from eudr_service.lib import safe_http
from regulation.commodities import IN_SCOPE_CODES, OUT_OF_SCOPE_CODES
from tests.compliance.test_dds_api import with_plots
from tests.compliance.test_downstream import SUPPLIER
from tests.suppliers.test_roster import template_csv

LATEST = {"HTTP_API_VERSION": settings.LATEST_API_VERSION}
TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
TIMESTAMP_NAMES = re.compile(r"(_at|^valid_until|^expires)$")
LINK_NAMES = re.compile(r"(^url$|_url$|^next$|^previous$)")
QUANTITIES = {"net_mass_kg", "area_ha", "percentage_estimation_or_deviation", "supplementary_unit"}
CODES = set(IN_SCOPE_CODES + OUT_OF_SCOPE_CODES)
# Answers whose fields the specification fixes (part 2.1): left exactly as specified.
SPECIFIED = {"/api/v1/verify/{dds_id}"}
# GET operations that need inputs of their own (query parameters), given here.
QUERIES = {
    "/api/eudr/v1/risk-score": {"lat": 52.25, "lng": 21.05, "radiusKm": 1},
}


def _schema() -> dict[str, Any]:
    document = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(OpenApiJsonRenderer().render(document, renderer_context={}))


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _properties(schema: dict[str, Any], node: dict[str, Any], seen: set[str]):
    """Every (name, property schema) reachable from a response schema."""
    ref = node.get("$ref")
    if ref:
        if ref in seen:
            return
        seen.add(ref)
    node = _resolve(schema, node)
    for branch in node.get("allOf", []) + node.get("oneOf", []) + node.get("anyOf", []):
        yield from _properties(schema, branch, seen)
    if "items" in node:
        yield from _properties(schema, node["items"], seen)
    for name, prop in (node.get("properties") or {}).items():
        yield name, _resolve(schema, prop)
        yield from _properties(schema, prop, seen)


def _response_schemas(schema: dict[str, Any]):
    for path, operations in schema["paths"].items():
        if path in SPECIFIED:
            continue
        for method, operation in operations.items():
            for status, response in operation.get("responses", {}).items():
                for media, content in (response.get("content") or {}).items():
                    if media == "application/json" and "schema" in content:
                        yield f"{method.upper()} {path} {status}", content["schema"]


def test_schema_walk_every_response_field_declares_the_conventions():
    schema = _schema()
    wrong: list[str] = []
    fields = 0
    for where, root in _response_schemas(schema):
        for name, prop in _properties(schema, root, set()):
            fields += 1
            kind = prop.get("type")
            if (
                TIMESTAMP_NAMES.search(name)
                and kind == "string"
                and prop.get("format")
                not in (
                    "date-time",
                    "date",
                )
            ):
                wrong.append(f"{where}: {name} is a timestamp without format date-time")
            if LINK_NAMES.search(name) and kind == "string" and prop.get("format") != "uri":
                wrong.append(f"{where}: {name} is a link without format uri")
            if prop.get("format") == "decimal" or (name in QUANTITIES and kind != "number"):
                wrong.append(f"{where}: {name} is a quantity that is not a number")
    assert fields > 300  # the walk reached the nested records, not only the envelopes
    assert wrong == []


@pytest.fixture
def walked_account(request, make_user, make_key, make_statement, monkeypatch):
    """One account with an object of each kind, made through the API where it can be."""
    overrides = request.getfixturevalue("settings")
    overrides.MEDIA_ROOT = str(request.getfixturevalue("tmp_path") / "media")
    # Receivers' names resolve to a public address (DNS is a third party); nothing is sent.
    monkeypatch.setattr(safe_http, "resolve", lambda host, port: [ipaddress.ip_address("93.184.215.14")])
    monkeypatch.setattr(safe_http, "post", _refuse)
    monkeypatch.setattr(safe_http.ConnectionPool, "post", lambda self, target, **kwargs: _refuse(str(target)))
    owner = make_user("enterprise")
    _, plaintext = make_key(user=owner)
    client = APIClient(HTTP_AUTHORIZATION=f"Bearer {plaintext}", **LATEST)
    with request.getfixturevalue("django_capture_on_commit_callbacks")(execute=True):
        statement = client.post(
            "/api/eudr/dds/generate",
            with_plots({"lat": 52.25, "lng": 21.05, "area_ha": 2.5}),
            format="json",
            HTTP_ACCEPT="application/json",
        )
        report = client.post(
            "/api/csrd/report",
            {
                "company_name": "Młyn Sp. z o.o.",
                "report_year": 2025,
                "suppliers": [{"name": "A", "crop_type": "soy"}],
            },
            format="json",
            HTTP_PREFER="respond-async",
        )
        job = client.post(
            "/api/eudr/v1/risk-score/jobs",
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {"id": "p1"},
                        "geometry": {"type": "Point", "coordinates": [21.05, 52.25]},
                    }
                ],
            },
            format="json",
        )
    assert (statement.status_code, report.status_code, job.status_code) == (201, 202, 202)
    webhook = client.post(
        "/api/eudr/v1/webhooks",
        {"url": "https://hooks.example.com/e", "events": ["dds.created"]},
        format="json",
    )
    assert webhook.status_code == 201, webhook.content
    partner = client.post("/api/eudr/v1/trading-partners", SUPPLIER, format="json")
    assert partner.status_code == 201, partner.content
    roster = client.post(
        "/api/eudr/v1/suppliers/import",
        {"file": SimpleUploadedFile("roster.csv", template_csv("en").encode())},
        format="multipart",
    )
    assert roster.status_code == 201, roster.content
    filing = client.post(
        "/api/eudr/v1/supplier-filings",
        {"signatory_name": "A", "signatory_function": "B", "goods": {}},
        format="json",
    )
    assert filing.status_code == 202, filing.content
    annual = client.post("/api/eudr/v1/annual-reports", {"year": timezone.now().year}, format="json")
    assert annual.status_code == 201, annual.content
    review = client.post(
        "/api/eudr/v1/system-reviews",
        {"reviewed_on": timezone.localdate().isoformat(), "reviewer": "A", "summary": "B"},
        format="json",
    )
    assert review.status_code == 201, review.content
    delivery = client.post(f"/api/eudr/v1/webhooks/{webhook.json()['id']}/test")
    assert delivery.status_code == 202, delivery.content
    declaration = make_statement(
        "COMPLIANT", owner=owner, filing_kind=FilingKind.SIMPLIFIED, operator_size="natural_person"
    )
    statement_record_write(declaration)  # made without a transition: its verdict's record by hand
    ids = {
        "dds_id": statement.json()["dds_id"],
        "sd_id": declaration.dds_id,
        "report_id": report.json()["id"],
        "job_id": job.json()["id"],
        "webhook_id": webhook.json()["id"],
        "delivery_id": delivery.json()["id"],
        "record_id": partner.json()["id"],
        "fmt": "json",
        "supplier_id": client.get("/api/eudr/v1/suppliers").json()["results"][0]["id"],
        "filing_id": filing.json()["id"],
        "evidence_id": statement.json()["evidence"]["record"]["record_id"],
        "year": str(annual.json()["year"]),
    }
    return client, ids, {"statement": statement, "report": report, "job": job}


def _refuse(url: str, **kwargs: Any) -> None:
    raise safe_http.OutboundError("no outbound HTTP in this test")


def _walk(value: Any, path: str, wrong: list[str]) -> int:
    checked = 0
    if isinstance(value, dict):
        for name, item in value.items():
            here = f"{path}.{name}"
            if item is not None and TIMESTAMP_NAMES.search(name) and isinstance(item, str) and "T" in item:
                checked += 1
                if not TIMESTAMP.match(item):
                    wrong.append(f"{here}: {item!r} is not a millisecond Z timestamp")
            if item is not None and LINK_NAMES.search(name) and isinstance(item, str):
                checked += 1
                if not item.startswith(("https://", "http://")):
                    wrong.append(f"{here}: {item!r} is not absolute")
            if item is not None and name in QUANTITIES:
                checked += 1
                if isinstance(item, bool) or not isinstance(item, int | float):
                    wrong.append(f"{here}: {item!r} is not a JSON number")
            if name == "commodity" and isinstance(item, str) and not path.endswith(".evidence"):
                checked += 1
                if not set(item.split(", ")) <= CODES:
                    wrong.append(f"{here}: {item!r} is not an Annex I code")
            checked += _walk(item, here, wrong)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            checked += _walk(item, f"{path}[{index}]", wrong)
    return checked


@pytest.mark.django_db
@pytest.mark.usefixtures("eager_tasks")  # the job and report are done in the services suite too
def test_live_walk_every_json_answer_follows_the_conventions(walked_account, monkeypatch):
    client, ids, created = walked_account
    wrong: list[str] = []
    checked = 0
    walked: list[str] = []
    for where, response in created.items():
        checked += _walk(response.json(), where, wrong)
        if response.has_header("Location"):
            assert response["Location"].startswith(settings.PUBLIC_BASE_URL), (where, response["Location"])
    for path, operations in _schema()["paths"].items():
        answers = operations.get("get", {}).get("responses", {}).get("200", {}).get("content", {})
        if "application/json" not in answers or path in SPECIFIED:
            continue  # PDFs, CSV and the widget's script have no JSON fields
        url = re.sub(r"\{(\w+)\}", lambda m: ids[m.group(1)], path)
        response = client.get(url, QUERIES.get(path, {}), HTTP_ACCEPT="application/json")
        assert response.status_code == 200, (path, response.status_code, response.content[:300])
        assert response["API-Version"] == settings.LATEST_API_VERSION
        assert not response.has_header("Deprecation"), path
        checked += _walk(response.json(), path, wrong)
        walked.append(path)
    assert wrong == []
    assert len(walked) >= 15 and checked > 50, (walked, checked)
