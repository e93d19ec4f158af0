"""The OWASP API Security Top 10 (2023), item by item, against this service.

Each section tests its item or says why it does not apply and where it is
covered; docs/security.md mirrors this file. Deeper tests of each mechanism
live with its app (referenced per section); here is one representative check
per risk, from the outside, through the API.
"""

from __future__ import annotations

import copy
import hmac
import ipaddress
import logging
import re
import runpy
import socket
import threading
import uuid
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator
from rest_framework.views import APIView

from accounts import keys as key_module
from accounts.models import APIKey
from compliance.models import DueDiligenceStatement
from reports.models import CsrdReport
from reports.tasks import csrd_report_render_task
from tests.eudr_service.test_settings import PRODUCTION, _manage
from tests.limiter_clock import set_limiter_clock
from tests.security.conftest import CSRD_BODY, DDS_BODY, bearer_client
from webhooks import services as webhook_services
from webhooks.models import Delivery, Endpoint

pytestmark = pytest.mark.django_db

WEBHOOKS = "/api/eudr/v1/webhooks"
GENERATE = "/api/eudr/dds/generate"
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def victim(make_user):
    return make_user("enterprise")


@pytest.fixture
def victim_client(victim, make_key):
    _, plaintext = make_key(user=victim)
    return bearer_client(plaintext)


@pytest.fixture
def attacker_client(enterprise_key):
    """Another account with every feature: only ownership may stop it."""
    return bearer_client(enterprise_key)


@pytest.fixture
def victim_objects(victim, make_statement, make_key, monkeypatch):
    """One object of each kind in the victim's account, with the URLs that reach them."""
    statement = make_statement("COMPLIANT", owner=victim)
    report = CsrdReport.objects.create(
        owner=victim, company_name="Ofiara Sp. z o.o.", report_year=2024, supplier_count=1, payload={}
    )
    _fake_dns(monkeypatch)
    endpoint = webhook_services.endpoint_create(
        owner=victim, url="https://hooks.example.com/victim", events=["dds.created"]
    )
    # Non-transactional test: the send, queued on commit, never runs (no traffic).
    delivery = webhook_services.endpoint_send_test(endpoint=endpoint)
    key, _ = make_key(user=victim, name="victim's key")
    return {
        "statement": statement,
        "report": report,
        "endpoint": endpoint,
        "delivery": delivery,
        "key": key,
    }


# A public address the fake DNS answers with; nothing ever connects to it.
_PUBLIC = ipaddress.ip_address("93.184.215.14")


def _fake_dns(monkeypatch) -> None:
    """hooks.example.com resolves to a public address (the DNS is a third-party
    boundary); IP literals still go through the real resolver, which needs no network."""
    real = webhook_services.safe_http.resolve

    def resolve(host: str, port: int):
        return [_PUBLIC] if host == "hooks.example.com" else real(host, port)

    monkeypatch.setattr(webhook_services.safe_http, "resolve", resolve)


def _object_requests(objects) -> list[tuple[str, str, dict]]:
    dds, report = objects["statement"].dds_id, objects["report"].public_id
    webhook, delivery = objects["endpoint"].public_id, objects["delivery"].public_id
    return [
        ("get", f"/api/eudr/v1/dds/{dds}", {}),
        ("get", f"/api/eudr/v1/dds/{dds}/pdf", {}),
        ("get", f"/api/csrd/reports/{report}", {}),
        ("get", f"/api/csrd/reports/{report}/pdf", {}),
        ("get", f"{WEBHOOKS}/{webhook}", {}),
        ("patch", f"{WEBHOOKS}/{webhook}", {"data": {"enabled": False}, "format": "json"}),
        ("post", f"{WEBHOOKS}/{webhook}/test", {}),
        ("post", f"{WEBHOOKS}/{webhook}/rotate-secret", {}),
        ("get", f"{WEBHOOKS}/{webhook}/deliveries", {}),
        ("post", f"{WEBHOOKS}/deliveries/{delivery}/redeliver", {}),
        ("delete", f"{WEBHOOKS}/{webhook}", {}),
    ]


# =====================================================================================
# API1:2023 Broken Object Level Authorization
# Every object lookup is scoped to the caller's account; another account's object is
# a 404 indistinguishable from one that does not exist. Public ids in URLs (DDS ids,
# UUIDs, wh_/dlv_ ids), never integer keys. Per app: tests/webhooks/test_api.py,
# tests/reports/test_api.py, tests/compliance/test_dds_api.py, tests/panel/test_tenancy.py.
# =====================================================================================


def test_another_accounts_objects_are_404_on_every_object_endpoint(
    victim_objects, attacker_client, victim_client
):
    endpoint = victim_objects["endpoint"]
    secret_before = endpoint.secret
    for method, url, kwargs in _object_requests(victim_objects):
        response = getattr(attacker_client, method)(url, **kwargs)
        assert response.status_code == 404, (method, url, response.status_code)
        assert response["Content-Type"] == "application/problem+json"
    endpoint.refresh_from_db()
    assert endpoint.enabled and endpoint.secret == secret_before  # nothing changed
    assert Delivery.objects.filter(endpoint=endpoint).count() == 1  # no redelivery, no test send

    # The same URLs answer their owner, so the 404s above are about ownership.
    for method, url, kwargs in _object_requests(victim_objects):
        response = getattr(victim_client, method)(url, **kwargs)
        # A queued report's PDF is 409 to its owner (not ready): not a 404 either.
        assert response.status_code in (200, 202, 204, 409), (method, url, response.status_code)


def test_a_foreign_id_and_an_unknown_id_get_the_same_answer(victim_objects, attacker_client):
    dds = victim_objects["statement"].dds_id
    foreign = attacker_client.get(f"/api/eudr/v1/dds/{dds}").json()
    unknown = attacker_client.get("/api/eudr/v1/dds/DDS-PL-2025-999999-ZZZZ").json()
    assert foreign == unknown
    foreign = attacker_client.get(f"/api/csrd/reports/{victim_objects['report'].public_id}").json()
    unknown = attacker_client.get(f"/api/csrd/reports/{uuid.uuid4()}").json()
    assert foreign == unknown


def test_lists_show_only_the_callers_objects(victim_objects, attacker_client):
    assert attacker_client.get("/api/eudr/dds/list").json()["results"] == []
    assert attacker_client.get(WEBHOOKS).json()["count"] == 0


def test_panel_key_revoke_of_another_account_is_404(victim_objects, make_user):
    key = victim_objects["key"]
    attacker = Client()
    attacker.force_login(make_user("enterprise"))
    url = f"/panel/keys/{key.public_id}/revoke/"
    assert attacker.get(url).status_code == 404
    assert attacker.post(url).status_code == 404
    key.refresh_from_db()
    assert key.revoked_at is None


def test_panel_pages_of_another_accounts_objects_are_404(victim_objects, make_user):
    attacker = Client()
    attacker.force_login(make_user("enterprise"))
    webhook = victim_objects["endpoint"].public_id
    for url in (
        f"/panel/statements/{victim_objects['statement'].dds_id}/",
        f"/panel/reports/{victim_objects['report'].public_id}/",
        f"/panel/webhooks/{webhook}/",
    ):
        assert attacker.get(url).status_code == 404, url
    for url in (
        f"/panel/webhooks/{webhook}/toggle/",
        f"/panel/webhooks/{webhook}/test/",
        f"/panel/webhooks/{webhook}/delete/",
        f"/panel/webhooks/{webhook}/deliveries/{victim_objects['delivery'].public_id}/redeliver/",
    ):
        assert attacker.post(url).status_code == 404, url
    assert Endpoint.objects.filter(public_id=webhook, enabled=True).exists()


# =====================================================================================
# API2:2023 Broken Authentication
# Keys only in headers (Authorization: Bearer, X-API-Key), never in URLs (they end up
# in logs and Referer headers). Stored as HMAC-SHA256 under a pepper, compared in
# constant time, one indistinguishable 401 for every failure, never echoed. Sessions
# (panel users calling the API) need CSRF on unsafe methods. Revoked/expired keys and
# key hashing: tests/accounts/test_authentication.py, tests/accounts/test_keys.py.
# =====================================================================================


@pytest.mark.parametrize("name", ["api_key", "apikey", "key", "token", "access_token", "X-API-Key"])
def test_keys_in_the_query_string_are_refused(enterprise_key, api_client, name):
    response = api_client.get(f"/api/eudr/dds/list?{name}={enterprise_key}")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_key_comparison_is_constant_time(make_key, api_client, monkeypatch):
    api_key, plaintext = make_key("enterprise")
    wrong = plaintext[:-4] + ("AAAA" if not plaintext.endswith("AAAA") else "BBBB")
    calls = []
    real = hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(key_module.hmac, "compare_digest", spy)
    assert api_client.get("/api/eudr/dds/list", HTTP_AUTHORIZATION=f"Bearer {wrong}").status_code == 401
    assert calls == [(key_module.hash_key(wrong), api_key.secret_hash)]
    # An unknown prefix costs the same comparison, so timing does not reveal which prefixes exist.
    unknown = key_module.KEY_PREFIX + "Z" * (key_module.LOOKUP_LENGTH + key_module.SECRET_LENGTH)
    calls.clear()
    assert api_client.get("/api/eudr/dds/list", HTTP_X_API_KEY=unknown).status_code == 401
    assert len(calls) == 1


def test_the_plaintext_key_is_not_stored(make_key):
    api_key, plaintext = make_key("enterprise")
    secret_part = plaintext[len(key_module.KEY_PREFIX) + key_module.LOOKUP_LENGTH :]
    stored = " ".join(str(getattr(api_key, f.attname)) for f in APIKey._meta.concrete_fields)
    assert secret_part not in stored


def test_a_failed_key_is_never_echoed_in_the_answer_or_the_logs(make_key, api_client, caplog):
    _, plaintext = make_key("enterprise")
    # A different last character (the key's own could be "X").
    wrong = plaintext[:-1] + ("Y" if plaintext.endswith("X") else "X")
    attempts = {
        "wrong secret": {"HTTP_AUTHORIZATION": f"Bearer {wrong}"},
        "legacy header": {"HTTP_X_API_KEY": wrong},
        "wrong scheme": {"HTTP_AUTHORIZATION": f"Token {plaintext}"},
        "malformed": {"HTTP_AUTHORIZATION": f"Bearer {plaintext}!!"},
    }
    caplog.set_level(logging.DEBUG)
    for label, headers in attempts.items():
        presented = headers.get("HTTP_AUTHORIZATION", headers.get("HTTP_X_API_KEY")).split(" ")[-1]
        response = api_client.get("/api/eudr/dds/list", **headers)
        assert response.status_code == 401, label
        assert response.json()["code"] == "unauthorized"
        answer = response.content.decode() + " ".join(f"{k}: {v}" for k, v in response.headers.items())
        assert presented not in answer and plaintext[:20] not in answer, label
    # The query-string form is logged as a path only.
    api_client.get(f"/api/eudr/dds/list?api_key={plaintext}")
    logged = caplog.text + " ".join(str(r.args) for r in caplog.records)
    assert caplog.records  # the failures were logged...
    assert plaintext[:20] not in logged  # ...without the key


def test_session_callers_need_csrf_for_unsafe_methods(make_user):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(make_user("enterprise"))
    assert browser.get(WEBHOOKS).status_code == 200  # the session authenticates
    response = browser.post(
        WEBHOOKS, {"url": "https://hooks.example.com/x", "events": ["dds.created"]}, "application/json"
    )
    assert response.status_code == 403
    assert response["Content-Type"] == "application/problem+json"
    assert not Endpoint.objects.exists()


# =====================================================================================
# API3:2023 Broken Object Property Level Authorization
# Input serializers name the writable fields; everything else (status, owner, plan,
# verified_at, risk_level, secrets, ids) is ignored. Output serializers name what is
# shown: no owner, no key hashes; a webhook secret only in the create/rotate answers.
# The user's plan changes only in the admin (no API operation writes users).
# =====================================================================================


def test_dds_filing_ignores_server_owned_properties(attacker_client, victim):
    normal = attacker_client.post(GENERATE, DDS_BODY, format="json", **JSON)
    assert normal.status_code == 201
    tampered = dict(
        copy.deepcopy(DDS_BODY),
        internal_reference="PO-2025-0043",
        status="COMPLIANT",
        risk_level="low",
        verified_at="2020-01-01T00:00:00Z",
        valid_until="2099-01-01T00:00:00Z",
        owner=victim.pk,
        owner_id=victim.pk,
        dds_id="DDS-PL-2025-999999-HACK",
        plan="enterprise",
    )
    response = attacker_client.post(GENERATE, tampered, format="json", **JSON)
    assert response.status_code == 201
    record, expected = response.json(), normal.json()
    for field in ("status", "risk_level"):
        assert record[field] == expected[field], field
    assert (record["verified_at"] is None) == (expected["verified_at"] is None)
    assert not (record["verified_at"] or "").startswith("2020-01-01")
    assert record["valid_until"] != "2099-01-01T00:00:00Z"
    assert record["dds_id"] != "DDS-PL-2025-999999-HACK"
    statement = DueDiligenceStatement.objects.get(dds_id=record["dds_id"])
    assert statement.owner_id != victim.pk
    assert not DueDiligenceStatement.objects.filter(owner=victim).exists()


def test_webhook_secret_owner_and_state_cannot_be_set(attacker_client, victim, monkeypatch):
    _fake_dns(monkeypatch)
    created = attacker_client.post(
        WEBHOOKS,
        {"url": "https://hooks.example.com/a", "events": ["dds.created"], "secret": "whsec_mine", "owner": 1},
        format="json",
    )
    assert created.status_code == 201
    assert created.json()["secret"] != "whsec_mine"
    url = f"{WEBHOOKS}/{created.json()['id']}"
    endpoint = Endpoint.objects.get(public_id=created.json()["id"])
    forged = {
        "secret": "whsec_forged",
        "owner": victim.pk,
        "id": "wh_forged",
        "disabled_reason": "by_staff",
        "failing_since": "2020-01-01T00:00:00Z",
        "created_at": "2020-01-01T00:00:00Z",
    }
    assert attacker_client.patch(url, forged, format="json").status_code == 200
    after = Endpoint.objects.get(pk=endpoint.pk)
    assert (after.secret, after.owner_id, after.public_id, after.disabled_reason, after.failing_since) == (
        endpoint.secret,
        endpoint.owner_id,
        endpoint.public_id,
        "",
        None,
    )
    # Read answers never carry the secret; only create and rotate show it.
    assert "secret" not in attacker_client.get(url).json()
    assert "secret" not in attacker_client.get(WEBHOOKS).json()["results"][0]


def test_records_do_not_expose_the_owner(attacker_client):
    record = attacker_client.post(GENERATE, DDS_BODY, format="json", **JSON).json()
    statement = DueDiligenceStatement.objects.get(dds_id=record["dds_id"])
    text = str(record)
    assert statement.owner.email not in text and "owner" not in record
    verify = Client().get(f"/api/v1/verify/{record['dds_id']}").json()
    assert statement.owner.email not in str(verify)


# =====================================================================================
# API4:2023 Unrestricted Resource Consumption
# Body size capped before parsing (413); list sizes capped (batch 500, suppliers 1000,
# commodities 20, plots 1000 per commodity, 20,000 positions per geometry); page sizes
# capped (200 statements, 100 webhooks); per-account daily quota and per-minute burst
# (tests/accounts/test_quota.py); webhook endpoints per account capped
# (tests/webhooks/test_api.py); outbound webhook calls have one deadline and a capped
# response (tests/webhooks/test_safe_http.py); PDF rendering runs in a Celery task with
# soft and hard time limits, the request waits at most CSRD_SYNC_TIMEOUT_SECONDS.
# Slow clients (slow-loris): gunicorn's sync workers must sit behind a buffering proxy
# (nginx) - see docs/security.md; not testable in-process.
# =====================================================================================


def test_a_body_over_the_limit_is_413_before_it_is_read(attacker_client, settings):
    settings.API_MAX_BODY_BYTES = 1024
    body = dict(copy.deepcopy(DDS_BODY), internal_reference="x" * 2000)
    response = attacker_client.post(GENERATE, body, format="json", **JSON)
    assert response.status_code == 413
    assert response.json()["code"] == "payload_too_large"
    assert not DueDiligenceStatement.objects.exists()


def test_an_invalid_content_length_is_400(attacker_client):
    response = attacker_client.generic("POST", GENERATE, b"{}", "application/json", CONTENT_LENGTH="abc")
    assert response.status_code == 400


def test_a_batch_of_501_locations_is_refused(attacker_client):
    parcels = [{"lat": 52.0, "lng": 21.0}] * 501
    response = attacker_client.post("/api/eudr/v1/risk-score/batch", {"parcels": parcels}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_parcels"


def test_a_report_with_1001_suppliers_is_refused(attacker_client):
    body = dict(CSRD_BODY, suppliers=CSRD_BODY["suppliers"] * 1001)
    response = attacker_client.post("/api/csrd/report", body, format="json")
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"suppliers"}
    assert not CsrdReport.objects.exists()


def test_geometries_and_plot_counts_are_capped(attacker_client):
    ring = [[21.0 + i * 1e-6, 52.0 + (i % 2) * 1e-6] for i in range(20_000)] + [[21.0, 52.0]]
    body = copy.deepcopy(DDS_BODY)
    body["commodities"][0]["plots"] = [{"geometry": {"type": "Polygon", "coordinates": [ring]}}]
    response = attacker_client.post(GENERATE, body, format="json", **JSON)
    assert response.status_code == 400
    # The body's position budget refuses it before the geometry is even parsed.
    assert response.json()["code"] == "budget_exceeded"
    assert response.json()["limit"] == "BUDGET_POSITIONS_PER_BODY"

    body["commodities"][0]["plots"] = [{"lat": 52.25, "lng": 21.05, "area_ha": 1}] * 1001
    response = attacker_client.post(GENERATE, body, format="json", **JSON)
    assert response.status_code == 400
    assert not DueDiligenceStatement.objects.exists()


def test_pdf_rendering_has_time_limits_and_the_request_does_not_wait_past_its_timeout(
    attacker_client, settings
):
    limit = django_settings.CSRD_TASK_TIME_LIMIT_SECONDS
    assert csrd_report_render_task.time_limit == limit
    assert 0 < csrd_report_render_task.soft_time_limit < limit
    # Non-transactional test: the render is queued on commit and never starts here, so
    # the request must give up after its timeout and answer 202 with a place to poll.
    settings.CSRD_SYNC_TIMEOUT_SECONDS = 0
    response = attacker_client.post("/api/csrd/report", CSRD_BODY, format="json")
    assert response.status_code == 202
    assert response["Location"].startswith("/api/csrd/reports/")


def test_gunicorn_bounds_slow_and_oversized_requests():
    # Slow clients are the buffering proxy's job (docs/deploy.md); gunicorn itself
    # still bounds what one connection can hold: a worker timeout longer than the
    # longest synchronous wait (the CSRD PDF), and header size limits. Sync workers
    # keep no idle connections; a threaded worker must not keep them long.
    config = runpy.run_path(str(Path(django_settings.BASE_DIR) / "gunicorn.conf.py"))
    assert config["worker_class"] == "sync" or config.get("keepalive", 2) <= 10
    assert django_settings.CSRD_SYNC_TIMEOUT_SECONDS < config["timeout"] <= 120
    assert 0 < config["limit_request_line"] <= 8190 and 0 < config["limit_request_field_size"] <= 8190
    assert 0 < config["limit_request_fields"] <= 100


@pytest.fixture
def frozen_quota_clock(monkeypatch) -> None:
    # Quota windows are fixed minutes and days: a boundary mid-test would reset them.
    set_limiter_clock(monkeypatch, lambda: 1_767_268_800.0 + 3600)  # 2026-01-01 01:00 UTC


@pytest.mark.usefixtures("frozen_quota_clock")
@pytest.mark.urls("tests.urls")
def test_the_per_minute_burst_limit_answers_429_with_retry_after(keyed_client):
    # A keyed endpoint: on the public verify a key also gets the anonymous allowance.
    client = keyed_client("free")  # 10 per minute
    answers = [client.get("/api/test/quota-probe") for _ in range(11)]
    assert [r.status_code for r in answers] == [200] * 10 + [429]
    assert answers[-1].json()["code"] == "rate_limited"
    assert 0 < int(answers[-1]["Retry-After"]) <= 60


# =====================================================================================
# API5:2023 Broken Function Level Authorization
# Three roles: anonymous (verify, widget, docs), key or session holders (their plan's
# features, 403 plan_required otherwise), staff (Django admin, session only, with
# per-model permissions). No API operation is staff-only; an API key never opens the
# admin. Per app: tests/accounts/test_admin.py, tests/accounts/test_plans.py.
# =====================================================================================


def _schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def _concrete(path: str) -> str:
    replacements = {"report_id": str(uuid.uuid4()), "dds_id": "DDS-PL-2025-000001-AAAA", "year": "2027"}
    return re.sub(r"\{(\w+)\}", lambda m: replacements.get(m.group(1), "wh_x"), path)


def test_every_keyed_operation_refuses_anonymous_callers():
    anonymous = Client()
    checked = 0
    for path, operations in _schema()["paths"].items():
        for method, operation in operations.items():
            if {} in operation.get("security", [{}]):
                continue  # public by design: verify and widget
            response = getattr(anonymous, method)(_concrete(path), content_type="application/json")
            assert response.status_code == 401, (method, path, response.status_code)
            checked += 1
    assert checked >= 15


def test_every_feature_operation_refuses_a_plan_without_the_feature(keyed_client):
    free = keyed_client("free")  # verify only
    for path, operations in _schema()["paths"].items():
        for method, operation in operations.items():
            if {} in operation.get("security", [{}]):
                continue
            response = getattr(free, method)(_concrete(path), {}, format="json")
            assert response.status_code == 403, (method, path, response.status_code)
            assert response.json()["code"] == "plan_required"


def test_admin_is_closed_to_customers_even_with_a_key_or_session(make_user, make_key):
    customer = make_user("enterprise")
    _, plaintext = make_key(user=customer)
    keyed = Client(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    for client in (Client(), keyed):
        response = client.get("/admin/accounts/apikey/")
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
    session = Client()
    session.force_login(customer)
    victim_key, _ = make_key("standard")
    action = {"action": "revoke", "_selected_action": [victim_key.pk]}
    response = session.post("/admin/accounts/apikey/", action)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    victim_key.refresh_from_db()
    assert victim_key.revoked_at is None


def test_an_api_key_of_a_staff_user_does_not_open_the_admin(make_user, make_key):
    staff = make_user("enterprise", is_staff=True, is_superuser=True)
    _, plaintext = make_key(user=staff)
    response = Client(HTTP_AUTHORIZATION=f"Bearer {plaintext}").get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_staff_without_model_permissions_cannot_act(make_user, make_key):
    staff = make_user("enterprise", is_staff=True)  # no permissions granted
    browser = Client()
    browser.force_login(staff)
    assert browser.get("/admin/accounts/apikey/").status_code == 403
    assert browser.get("/admin/compliance/duediligencestatement/").status_code == 403


def test_panel_pages_need_a_signed_in_user():
    for url in ("/panel/", "/panel/keys/", "/panel/webhooks/", "/panel/statements/"):
        response = Client().get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url


# =====================================================================================
# API6:2023 Unrestricted Access to Sensitive Business Flows
# The flows worth automating against us: scraping the public verify endpoint, and
# burning another account's quota. Verify is limited per client IP (X-Forwarded-For
# only through TRUSTED_PROXY_COUNT hops, tests/accounts/test_quota.py); every keyed
# flow (filing, reports, webhooks) counts against the caller's own plan quota;
# statements can only be filed, never set to COMPLIANT, by customers (API3). Sign-up
# and password reset are panel flows (Django's token machinery), not API flows.
# =====================================================================================


@pytest.mark.usefixtures("frozen_quota_clock")
def test_anonymous_verify_is_limited_per_client_ip(api_client, settings):
    settings.VERIFY_ANON_PER_MINUTE = 3
    url = "/api/v1/verify/DDS-PL-2025-000001-AAAA"
    statuses = [api_client.get(url).status_code for _ in range(4)]
    assert statuses == [404, 404, 404, 429]
    # A forged X-Forwarded-For does not buy a fresh allowance (no trusted proxies).
    assert api_client.get(url, HTTP_X_FORWARDED_FOR="198.51.100.7").status_code == 429


# =====================================================================================
# API7:2023 Server Side Request Forgery
# Two places take URLs or markup from clients: webhook URLs (https only, every resolved
# address must be public, checked again at send time on the connected address, no
# redirects: eudr_service/lib/safe_http.py, tests/webhooks/test_safe_http.py) and the
# PDFs, whose templates carry client text (escaped) and whose URL fetcher refuses
# everything but data: URIs and our own asset folder (eudr_service/lib/pdf.py,
# tests/eudr_service/test_pdf.py). The ULDK base URL is configuration; a parcel id is
# validated against a strict pattern before any request.
# =====================================================================================


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1/hook",
        "https://10.0.0.5/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::1]/hook",
        "https://[::ffff:192.168.0.1]/hook",
        "http://hooks.example.com/hook",
    ],
)
def test_webhooks_refuse_internal_destinations(attacker_client, url):
    response = attacker_client.post(WEBHOOKS, {"url": url, "events": ["dds.created"]}, format="json")
    assert response.status_code == 400
    assert not Endpoint.objects.exists()


def test_a_webhook_cannot_be_moved_to_an_internal_address(victim_objects, victim_client):
    endpoint = victim_objects["endpoint"]
    url = f"{WEBHOOKS}/{endpoint.public_id}"
    response = victim_client.patch(url, {"url": "https://169.254.169.254/"}, format="json")
    assert response.status_code == 400
    endpoint.refresh_from_db()
    assert endpoint.url == "https://hooks.example.com/victim"


@pytest.fixture
def listener():
    """A local TCP port that records every connection made to it."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    hits: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                hits.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1], hits
    stop.set()
    thread.join(timeout=2)
    server.close()


def test_client_markup_in_a_pdf_fetches_nothing(attacker_client, listener):
    port, hits = listener
    markup = (
        f'<img src="http://127.0.0.1:{port}/a.png"><link rel="stylesheet" href="http://127.0.0.1:{port}/s.css">'
        f'<img src="file:///etc/passwd">'
    )
    body = copy.deepcopy(DDS_BODY)
    body["operator"]["name"] = "Ferma " + markup
    response = attacker_client.post(GENERATE, body, format="json")
    assert response.status_code == 201
    assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")
    assert hits == []


def test_a_parcel_id_cannot_steer_the_uldk_request(attacker_client, uldk, settings):
    state, url = uldk
    settings.ULDK_BASE_URL = url
    for parcel_id in ("141201_1.0001.6509&request=GetAll", "http://127.0.0.1/", "../../admin"):
        response = attacker_client.post(
            "/api/eudr/v1/risk-score", {"parcelId": parcel_id, "commodity": "soja"}, format="json"
        )
        assert response.status_code == 400, parcel_id
    assert state.requests == []


# =====================================================================================
# API8:2023 Security Misconfiguration
# Production settings are checked by `manage.py check --deploy`, HTTPS, HSTS, secure
# cookies; every response carries nosniff, X-Frame-Options DENY, Referrer-Policy; API
# answers default to Cache-Control: no-store; CORS `*` only on the public verify answer
# and the widget script; errors are problem+json on API paths and plain pages
# elsewhere, never Django's debug pages.
# =====================================================================================


def test_check_deploy_is_clean_with_production_settings():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stderr


def test_security_headers_on_api_answers(attacker_client, victim_objects):
    answers = [
        attacker_client.get("/api/eudr/dds/list"),
        attacker_client.get(f"/api/eudr/v1/dds/{victim_objects['statement'].dds_id}"),  # a problem
        Client().get("/api/eudr/dds/list"),  # 401
        Client().get("/api/v1/verify/DDS-PL-2025-000001-AAAA"),
        attacker_client.post(GENERATE, DDS_BODY, format="json"),  # a PDF
    ]
    for response in answers:
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["X-Frame-Options"] == "DENY"
        assert response["Referrer-Policy"] == "same-origin"
    for response in answers[:3] + answers[4:]:
        assert response["Cache-Control"] == "no-store", response.status_code


def test_cors_is_open_only_on_the_public_verify_answer_and_the_widget(attacker_client, victim_objects):
    origin = {"HTTP_ORIGIN": "https://shop.example"}
    public = [
        Client().get(f"/api/v1/verify/{victim_objects['statement'].dds_id}", **origin),
        Client().get("/api/widget", **origin),
        Client().get("/widget.js", **origin),
    ]
    assert all(r["Access-Control-Allow-Origin"] == "*" for r in public)
    keyed = [
        attacker_client.get("/api/eudr/dds/list", **origin),
        attacker_client.get(WEBHOOKS, **origin),
        attacker_client.options(WEBHOOKS, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST", **origin),
        Client().get("/api/schema/", **origin),
    ]
    for response in keyed:
        assert "Access-Control-Allow-Origin" not in response
        assert "Access-Control-Allow-Credentials" not in response


def test_errors_are_never_debug_pages(settings, monkeypatch, enterprise_key):
    settings.DEBUG = False
    settings.ROOT_URLCONF = "tests.urls"  # adds /api/test/crash
    client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Bearer {enterprise_key}")
    import widget.views

    def crash(*args, **kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(widget.views, "render", crash)
    answers = {
        "/api/nowhere": (404, "application/problem+json"),
        "/nowhere": (404, "text/html; charset=utf-8"),
        "/api/test/crash": (500, "application/problem+json"),
        "/widget/demo": (500, "text/html; charset=utf-8"),
    }
    for path, (status, content_type) in answers.items():
        response = client.get(path)
        assert (response.status_code, response["Content-Type"]) == (status, content_type), path
        text = response.content.decode()
        for leak in ("Traceback", "secret internals", "boom", "DEBUG", "urlpatterns", "SECRET_KEY"):
            assert leak not in text, (path, leak)


# =====================================================================================
# API9:2023 Improper Inventory Management
# One versioned surface (/api/..., API-Version header), one deprecated alias
# (/v1/risk-score) marked in the schema and answered with Deprecation, Sunset and Link
# headers (tests/eudr_service/test_versioning.py); the schema must list every route
# under /api/ and /v1/ with every method, so nothing is served undocumented.
# =====================================================================================

# Documentation routes describe the API; they are not part of it.
_NOT_OPERATIONS = {"/api/schema/", "/api/docs/", "/api/redoc/", "/api/redoc/dist/bundles/redoc.standalone.js"}


def _routes(patterns, prefix: str = ""):
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            yield route, entry.callback


def _methods(callback) -> set[str]:
    actions = getattr(callback, "actions", None)
    if actions:
        return set(actions) - {"head", "options"}  # implied by get; not operations
    cls = getattr(callback, "cls", None)
    if cls is not None and issubclass(cls, APIView):
        return {m for m in ("get", "post", "put", "patch", "delete") if hasattr(cls, m)}
    return {"get"}  # plain Django views under the API prefixes must be documented too


def test_the_schema_lists_every_api_route_and_method():
    documented = {(path, method) for path, ops in _schema()["paths"].items() for method in ops}
    served = set()
    for route, callback in _routes(get_resolver().url_patterns):
        if route.startswith("^"):
            continue  # the problem+json catch-all for unknown API paths
        path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)
        if not path.startswith(django_settings.API_PATH_PREFIXES) or path in _NOT_OPERATIONS:
            continue
        served |= {(path, method) for method in _methods(callback)}
    assert served, "no API routes found"
    assert served == documented


def test_deprecated_paths_are_marked_in_the_schema():
    paths = _schema()["paths"]
    deprecated = {path for path, ops in paths.items() for op in ops.values() if op.get("deprecated")}
    assert deprecated == {row["path"] for row in django_settings.DEPRECATED_PATHS} == {"/v1/risk-score"}


# =====================================================================================
# API10:2023 Unsafe Consumption of APIs
# The one upstream we consume is GUGiK ULDK: answers are parsed strictly (status line,
# record shape, WKT, coordinates inside Poland), size-capped (5 MB), time-limited,
# redirects followed only within the configured host and never down to http; anything
# else is a 503 with Retry-After, never a 500 and never trusted data
# (risk/parcels.py, tests/risk/test_uldk_client.py). Webhook
# receivers' answers are only recorded (status, capped body), never interpreted.
# =====================================================================================


@pytest.mark.parametrize(
    "answer",
    [
        (200, "0\n141201_1.0001.6509|x|y|z|SRID=4326;POLYGON((1 2,3 4))\n", None),
        (200, "<html>maintenance</html>", None),
        (200, "0\n" + "A" * 100, None),
        (302, "", "http://169.254.169.254/latest/meta-data/"),
        (500, "boom", None),
    ],
)
def test_a_misbehaving_uldk_is_never_a_500_or_trusted(attacker_client, uldk, settings, answer):
    state, url = uldk
    settings.ULDK_BASE_URL = url
    state.status, state.body, state.location = answer
    response = attacker_client.post(
        "/api/eudr/v1/risk-score", {"parcelId": "141201_1.0001.6509", "commodity": "soja"}, format="json"
    )
    assert response.status_code in (404, 503), response.content
    assert response["Content-Type"] == "application/problem+json"
    if response.status_code == 503:
        assert response["Retry-After"]
