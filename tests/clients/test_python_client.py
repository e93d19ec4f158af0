"""The generated Python client (clients/python) against the running service.

Every code block of clients/python/README.md runs here, against a live server, so
the examples cannot rot; the filing body is the one in the project README.
"""

import io
import json
import re
import sys
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer

from euis.client import EuisClient, RateLimiter
from suppliers.models import Supplier
from tests.euis.conftest import FARMER, TRADER, dds_statement, fake_eu  # noqa: F401  (fixtures)
from webhooks.signing import secret_generate, signed_headers

ROOT = Path(settings.BASE_DIR)
CLIENT_DIR = ROOT / "clients" / "python"
sys.path.insert(0, str(CLIENT_DIR / "eudr-client"))


def _readme_blocks(path: Path, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def _readme_sd_body() -> dict:
    """The JSON body of the project README's simplified-declaration example."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"/api/eudr/v1/simplified-declarations -d '(\{.*?\})'\n", readme, re.S)
    return json.loads(match.group(1))


def _readme_filing_body() -> dict:
    """The JSON body of the project README's filing example (`curl ... -d '{...}'`)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"/api/eudr/dds/generate -d '(\{.*?\})'\n", readme, re.S)
    return json.loads(match.group(1))


def test_client_was_generated_from_the_current_schema():
    # `make client` regenerates both; this fails when the API changed without it.
    committed = json.loads((CLIENT_DIR / "openapi.json").read_text(encoding="utf-8"))
    schema = SchemaGenerator().get_schema(request=None, public=True)
    current = json.loads(OpenApiJsonRenderer().render(schema, renderer_context={}))
    assert committed == current, "the API changed: run `make client` and commit clients/python"


@pytest.mark.django_db(transaction=True)
def test_client_asks_for_the_version_its_schema_describes(live_server):
    from eudr_client import AuthenticatedClient, Client
    from eudr_client.api.downstream import organisation_roles_get

    # The schema describes the latest version; without the header the service answers 1.0.
    for client in (
        Client(base_url=live_server.url),
        AuthenticatedClient(base_url=live_server.url, token="x"),
    ):
        assert client.get_httpx_client().headers["API-Version"] == settings.LATEST_API_VERSION
    # A caller's own headers keep it, and may name another version.
    own = Client(base_url=live_server.url, headers={"Accept": "application/json"})
    assert own.get_httpx_client().headers["API-Version"] == settings.LATEST_API_VERSION
    answer = organisation_roles_get.sync_detailed(
        client=AuthenticatedClient(base_url=live_server.url, token="x")
    )
    assert answer.headers["API-Version"] == settings.LATEST_API_VERSION


@pytest.mark.django_db(transaction=True)
def test_readme_examples_run_against_the_live_service(
    live_server, settings, uldk_standin, eager_tasks, supplier_statement
):
    # The job and the report the examples wait for run in this process, services suite too.
    settings.PUBLIC_BASE_URL = live_server.url
    settings.ULDK_BASE_URL = uldk_standin  # the README's parcel numbers, as `make run` serves them
    settings.WEBHOOKS_ALLOW_INSECURE = True  # the example registers a local receiver
    printed = io.StringIO()
    call_command("seed_demo", stdout=printed)
    api_key = re.search(r"Demo API key:\s+(\S+)", printed.getvalue()).group(1)

    secret = secret_generate()
    body = json.dumps({"id": "evt_test", "type": "webhook.test", "created_at": "x", "data": {}})
    headers = signed_headers(signing_secrets=[secret], msg_id="evt_test", body=body, now=datetime.now(UTC))

    namespace = {
        "BASE_URL": live_server.url,
        "API_KEY": api_key,
        "FILING_BODY": _readme_filing_body(),
        "SD_BODY": _readme_sd_body(),
        "RECEIVER_URL": f"{live_server.url}/receiver",
        "WEBHOOK_SECRET": secret,
        "RECEIVED_BODY": body,
        "RECEIVED_HEADERS": headers,
        "EU_USERNAME": TRADER.username,
        "EU_AUTHENTICATION_KEY": TRADER.authentication_key,
        "SUPPLIER_REFERENCE": supplier_statement.reference_number,
        "SUPPLIER_VERIFICATION": supplier_statement.verification_number,
    }
    blocks = _readme_blocks(CLIENT_DIR / "README.md", "python")
    assert len(blocks) == 13
    for block in blocks:
        exec(compile(block, "clients/python/README.md", "exec"), namespace)

    assert namespace["record"].status == "COMPLIANT"
    assert namespace["annual"].year == date.today().year and namespace["annual"].published_at is None
    assert namespace["evidence_report"].ok, namespace["evidence_report"].lines()
    assert namespace["seen_by_anyone"]["sha256"] == namespace["full"]["sha256"]
    assert namespace["risk"].risk_level in {"low", "medium", "high", "critical"}
    assert namespace["response"].status_code == 201
    statement = namespace["statement"]
    assert statement.dds_id == namespace["response"].parsed.dds_id
    # What the README says of its filing example: soya from Poland, a low-risk country, with
    # nothing against it follows Article 13 and is COMPLIANT, valid 365 days.
    assert str(statement.status) == "COMPLIANT"
    assert statement.evidence["rule"] == "article_13_low_risk"
    assert statement.evidence["country_benchmark"] == {"PL": "low"}
    assert (statement.valid_until - statement.verified_at).days == 365
    assert namespace["event"]["type"] == "webhook.test"
    declaration = namespace["declaration"]
    assert declaration.dds_id.startswith("SD-") and declaration.document_type == "simplified_declaration"
    assert declaration.status == "COMPLIANT"
    assert namespace["job"].status == "done" and len(namespace["results"]["results"]) == 2
    assert namespace["roles"].roles == ["later_downstream_operator_or_trader"]
    partner = namespace["partner"]
    assert partner.retained_until.year == 2031 and partner.name == "Skup Zbóż Nowak"
    hook = namespace["hook"]
    assert hook.events == ["dds.at_risk", "dds.status_changed"] and hook.secret.startswith("whsec_")
    assert namespace["report"].status == "done" and namespace["pdf"].startswith(b"%PDF")
    # The roster example checks the template without writing it into the live account.
    upload = namespace["upload"]
    assert (upload.rows, upload.created, upload.dry_run, upload.mandates_suspended) == (1, 1, True, [])
    assert namespace["roster"].results == [] and not Supplier.objects.exists()
    assert namespace["stored"].confirmed is True and namespace["stored"].username == TRADER.username
    assert (namespace["upstream"].result, namespace["upstream"].eu_status) == ("EXISTING_USABLE", "AVAILABLE")
    assert [r.reference_number for r in namespace["kept"].results] == [supplier_statement.reference_number]


def test_readme_has_an_example_for_every_endpoint_group():
    groups = {
        path.name for path in (CLIENT_DIR / "eudr-client" / "eudr_client" / "api").iterdir() if path.is_dir()
    }
    groups -= {"__pycache__", "widget"}  # the widget is a script for web pages (README: "Badge widget")
    shown = set(re.findall(r"from eudr_client\.api\.(\w+) import", (CLIENT_DIR / "README.md").read_text()))
    assert groups - shown == set()


def _schema_problems(value, schema: dict, components: dict, where: str = "body") -> list[str]:
    """Where a README body leaves the published schema: a member the schema does not name
    (the service would ignore it), a member the schema calls deprecated, a missing required
    one, a value of another JSON type. Only what the README bodies use is followed."""
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[1]]
    for key in ("allOf", "oneOf", "anyOf"):
        if key in schema:
            options = [_schema_problems(value, option, components, where) for option in schema[key]]
            return [] if any(not found for found in options) else min(options, key=len)
    kind = schema.get("type")
    if value is None:
        return [] if schema.get("nullable") or kind is None else [f"{where}: null is not allowed"]
    if kind == "object" or "properties" in schema:
        if not isinstance(value, dict):
            return [f"{where}: an object is expected"]
        properties = schema.get("properties", {})
        problems = [f"{where}.{name}: required" for name in schema.get("required", []) if name not in value]
        for name, member in value.items():
            if name not in properties:
                if not schema.get("additionalProperties"):
                    problems.append(f"{where}.{name}: not in the schema")
                continue
            described = properties[name]
            if described.get("deprecated") or described.get("description", "").startswith("Deprecated"):
                problems.append(f"{where}.{name}: deprecated in the schema")
            problems += _schema_problems(member, described, components, f"{where}.{name}")
        return problems
    if kind == "array":
        if not isinstance(value, list):
            return [f"{where}: an array is expected"]
        return [
            p
            for i, item in enumerate(value)
            for p in _schema_problems(item, schema.get("items", {}), components, f"{where}[{i}]")
        ]
    expected = {"string": str, "boolean": bool, "integer": int, "number": (int, float)}.get(kind)
    if kind == "string" and schema.get("format") == "decimal":
        expected = (str, int, float)  # a decimal is taken as a JSON number or a string
    if expected and (not isinstance(value, expected) or (kind != "boolean" and isinstance(value, bool))):
        return [f"{where}: a {kind} is expected, {value!r} given"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} is not one of {schema['enum']}"]
    return []


def test_readme_request_bodies_match_the_published_schema():
    """Every JSON body the project README sends with curl, against the request schema of its
    path in the published OpenAPI document (clients/python/openapi.json)."""
    published = json.loads((CLIENT_DIR / "openapi.json").read_text(encoding="utf-8"))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sent = re.findall(r"http://127\.0\.0\.1:8000(/\S+) -d '(\{.*?\})'\n", readme, re.S)
    assert len(sent) >= 6
    checked = 0
    for path, text in sent:
        body = json.loads(text)
        if body.get("type") in {"Feature", "FeatureCollection", "Polygon", "Point"}:
            continue  # GeoJSON, taken by the same path; the schema describes the parcel form only
        schema = published["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert _schema_problems(body, schema, published["components"]["schemas"]) == [], path
        checked += 1
    assert checked >= 5
    # The fragments shown alone: the producers' lines of a statement.
    fragment = re.search(r'```json\n"commodities": (\[.*?\])\n```', readme, re.S)
    line_schema = {"type": "array", "items": {"$ref": "#/components/schemas/CommodityRequest"}}
    if fragment and "CommodityRequest" in published["components"]["schemas"]:
        assert (
            _schema_problems(json.loads(fragment.group(1)), line_schema, published["components"]["schemas"])
            == []
        )


@pytest.fixture
def supplier_statement(fake_eu, dds_statement, settings):  # noqa: F811
    """The EU Information System as a local fake, written from the EU's documents, holding an
    AVAILABLE statement of a supplier (the farmer) whose numbers the README's example records."""
    settings.EU_IS_URL = fake_eu.base_url
    settings.EU_IS_CALLS_PER_SECOND = 10_000
    farmer = EuisClient(
        credentials=FARMER, base_url=fake_eu.base_url, limiter=RateLimiter(10_000, sleep=lambda s: None)
    )
    uuid = farmer.submit_dds(dds_statement)
    farmer.get_dds([uuid])
    (overview,) = farmer.get_dds([uuid])
    return overview


@pytest.fixture
def uldk_standin():
    from standins.uldk import UldkStandIn

    standin = UldkStandIn()
    yield standin.start()
    standin.stop()


@pytest.mark.django_db(transaction=True)
def test_client_surfaces_problem_answers(live_server):
    from eudr_client import AuthenticatedClient
    from eudr_client.api.dds import dds_retrieve
    from eudr_client.models import Problem

    api = AuthenticatedClient(base_url=live_server.url, token="eudr_live_" + "x" * 40)
    answer = dds_retrieve.sync(client=api, dds_id="DDS-PL-2025-000001-DEMO")
    assert isinstance(answer, Problem)
    assert answer.code == "unauthorized"


def test_the_packaged_evidence_verifier_is_the_hand_written_one():
    """`make client` copies clients/evidence/verify_evidence.py into the generated package;
    the two must not drift (regenerate with `make client`)."""
    source = ROOT / "clients" / "evidence" / "verify_evidence.py"
    packaged = CLIENT_DIR / "eudr-client" / "eudr_client" / "verify_evidence.py"
    assert packaged.read_bytes() == source.read_bytes()
