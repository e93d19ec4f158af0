"""GET /api/v1/verify/{dds_id}: the public record of specification 2.1."""

import re
import time
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

pytestmark = pytest.mark.django_db
TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")


def test_record_has_exactly_the_specified_fields_in_order(api_client, make_statement, settings):
    statement = make_statement("COMPLIANT", risk_level="low", operator_name="Jan Kowalski")
    response = api_client.get(f"/api/v1/verify/{statement.dds_id}", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    body = response.json()
    assert list(body) == [
        "dds_id",
        "status",
        "risk_level",
        "operator_name",
        "commodity",
        "country_of_production",
        "verified_at",
        "valid_until",
        "cert_url",
        "operator_identity",  # additive: the specification's fields come first, unchanged
        "document_type",  # additive: due_diligence_statement or simplified_declaration
        "filed_by",  # additive: who filed it (operator or authorised representative)
        "mandate",  # additive: what a representative's mandate rests on; null otherwise
        "eu_status",  # additive: the EU Information System's own status
    ]
    assert body["document_type"] == "due_diligence_statement"
    assert body["operator_identity"] == "confirmed"
    assert body["dds_id"] == statement.dds_id
    assert body["status"] == "COMPLIANT"
    assert body["risk_level"] == "low"
    assert body["operator_name"] == "Jan Kowalski"
    assert body["commodity"] == "soja"
    assert body["country_of_production"] == "PL"
    assert TIMESTAMP.match(body["verified_at"]) and TIMESTAMP.match(body["valid_until"])
    assert body["cert_url"] == f"{settings.PUBLIC_BASE_URL}/cert/{statement.dds_id}"


def test_timestamps_are_utc_with_milliseconds(api_client, make_statement):
    from datetime import UTC, datetime

    moment = datetime(2025, 3, 1, 12, 0, 0, 120999, tzinfo=UTC)
    statement = make_statement("COMPLIANT", verified_at=moment, valid_until=moment + timedelta(days=3650))
    body = api_client.get(f"/api/v1/verify/{statement.dds_id}").json()
    assert body["verified_at"] == "2025-03-01T12:00:00.120Z"
    assert body["valid_until"] == "2035-02-27T12:00:00.120Z"


def test_cert_url_ignores_the_host_header(api_client, make_statement, settings):
    settings.ALLOWED_HOSTS = ["*"]
    statement = make_statement("COMPLIANT")
    body = api_client.get(f"/api/v1/verify/{statement.dds_id}", HTTP_HOST="evil.example").json()
    assert body["cert_url"].startswith(settings.PUBLIC_BASE_URL)


def test_identifier_matches_case_insensitively(api_client, make_statement):
    statement = make_statement("COMPLIANT")
    response = api_client.get(f"/api/v1/verify/{statement.dds_id.lower()}")
    assert response.status_code == 200
    assert response.json()["dds_id"] == statement.dds_id


@pytest.mark.parametrize("dds_id", ["DDS-PL-2025-999999-ZZZZ", "not-a-dds", "DDS-P-1", "DDS-PL-2025-<b>-x"])
def test_unknown_or_malformed_identifier_is_404_problem(api_client, dds_id):
    response = api_client.get(f"/api/v1/verify/{dds_id}")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "dds_not_found"
    assert response["Access-Control-Allow-Origin"] == "*"


def test_draft_statement_is_not_public(api_client, make_statement):
    statement = make_statement("DRAFT")
    assert api_client.get(f"/api/v1/verify/{statement.dds_id}").status_code == 404


def test_statement_past_valid_until_is_expired(api_client, make_statement):
    statement = make_statement("COMPLIANT", valid_until=timezone.now() - timedelta(minutes=1))
    assert api_client.get(f"/api/v1/verify/{statement.dds_id}").json()["status"] == "EXPIRED"


def test_cors_allows_any_origin(api_client, make_statement):
    statement = make_statement("COMPLIANT")
    response = api_client.get(f"/api/v1/verify/{statement.dds_id}", HTTP_ORIGIN="https://shop.example")
    assert response["Access-Control-Allow-Origin"] == "*"


def test_etag_gives_304_and_changes_with_the_record(api_client, make_statement):
    statement = make_statement("COMPLIANT")
    url = f"/api/v1/verify/{statement.dds_id}"
    first = api_client.get(url)
    assert first["Cache-Control"] == "public, max-age=60"
    etag = first["ETag"]
    again = api_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    statement.risk_level = "medium"
    statement.save()
    changed = api_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag


def test_verify_needs_no_key_but_counts_a_given_key(api_client, make_statement, make_key):
    statement = make_statement("COMPLIANT")
    assert api_client.get(f"/api/v1/verify/{statement.dds_id}").status_code == 200
    _, plaintext = make_key("free")
    response = api_client.get(f"/api/v1/verify/{statement.dds_id}", HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    assert response.status_code == 200
    assert response["X-RateLimit-Limit"] == "100"
    assert response["X-RateLimit-Remaining"] == "99"


def test_verify_with_a_bad_key_is_401(api_client, make_statement):
    statement = make_statement("COMPLIANT")
    response = api_client.get(f"/api/v1/verify/{statement.dds_id}", HTTP_AUTHORIZATION="Bearer nope")
    assert response.status_code == 401


def test_status_change_shows_at_once_despite_the_cache(api_client, make_statement, django_assert_num_queries):
    from compliance.services import dds_transition

    statement = make_statement("COMPLIANT")
    url = f"/api/v1/verify/{statement.dds_id}"
    assert api_client.get(url).json()["status"] == "COMPLIANT"
    with django_assert_num_queries(0):  # served from the cache
        assert api_client.get(url).status_code == 200
    dds_transition(statement=statement, to_status="AT_RISK", reason="audit")
    assert api_client.get(url).json()["status"] == "AT_RISK"


def test_verify_does_not_vary_on_cookie(api_client, make_statement):
    statement = make_statement("COMPLIANT")
    response = api_client.get(f"/api/v1/verify/{statement.dds_id}")
    assert "Cookie" not in response.get("Vary", "")


def test_cached_record_never_outlives_valid_until(api_client, make_statement, settings):
    statement = make_statement("COMPLIANT", valid_until=timezone.now() + timedelta(seconds=2))
    url = f"/api/v1/verify/{statement.dds_id}"
    assert api_client.get(url).json()["status"] == "COMPLIANT"
    if settings.CACHES["default"]["BACKEND"].endswith(".LocMemCache"):
        # The in-process cache expires entries by the same clock as valid_until: move it.
        with time_machine.travel(timedelta(seconds=2.2)):
            assert api_client.get(url).json()["status"] == "EXPIRED"
    else:
        # Redis expires its keys by the server's own clock, which no test can move.
        time.sleep(2.2)
        assert api_client.get(url).json()["status"] == "EXPIRED"


def test_badge_call_and_negotiated_call_get_the_same_answer(api_client, make_statement):
    # The plain anonymous GET takes a shorter path than one DRF must negotiate.
    statement = make_statement("COMPLIANT")
    url = f"/api/v1/verify/{statement.dds_id}"
    plain = api_client.get(url)
    negotiated = api_client.get(url, HTTP_ACCEPT="application/json; q=0.9, text/plain; q=0.1")
    assert plain.status_code == negotiated.status_code == 200
    assert plain.content == negotiated.content
    # The fast path answers before most middleware: every header the full stack
    # gives must still be there, with the same value (DRF adds Vary: Accept for
    # the negotiation the fast path does not do; request ids differ by design).
    per_request = {"X-Request-ID", "Vary", "X-RateLimit-Remaining", "X-RateLimit-Reset", "RateLimit"}
    assert set(plain.headers) - {"Vary"} == set(negotiated.headers) - {"Vary"}
    for header in set(plain.headers) - per_request:
        assert plain[header] == negotiated[header], header
    missing = api_client.get("/api/v1/verify/DDS-PL-2025-999999-ZZZZ", HTTP_ACCEPT="application/json; q=1")
    assert missing.json() == api_client.get("/api/v1/verify/DDS-PL-2025-999999-ZZZZ").json()


def test_badge_call_errors_carry_the_same_headers_as_the_full_stack(api_client, settings):
    url = "/api/v1/verify/DDS-PL-2025-999999-ZZZZ"
    plain = api_client.get(url)
    negotiated = api_client.get(url, HTTP_ACCEPT="application/json; q=1")
    assert plain.status_code == negotiated.status_code == 404
    assert plain["Content-Type"] == "application/problem+json"
    assert set(plain.headers) - {"Vary"} == set(negotiated.headers) - {"Vary"}
    for header in ("X-Frame-Options", "Allow", "API-Version", "Content-Security-Policy", "Livemode"):
        assert plain[header] == negotiated[header], header


def test_badge_call_is_answered_before_sessions_and_url_resolution(api_client, make_statement):
    statement = make_statement("COMPLIANT")
    response = api_client.get(f"/api/v1/verify/{statement.dds_id}")
    assert response.status_code == 200
    # Resolution and DRF never ran for it; a keyed or negotiated call still goes through them.
    assert getattr(response.wsgi_request, "resolver_match", None) is None
    negotiated = api_client.get(f"/api/v1/verify/{statement.dds_id}", HTTP_ACCEPT="application/json; q=1")
    assert negotiated.wsgi_request.resolver_match.url_name == "verify-detail"


def test_an_expired_record_is_served_from_the_cache(api_client, make_statement, django_assert_num_queries):
    # EXPIRED is final until the statement changes: it is cached like any other record.
    statement = make_statement("COMPLIANT", valid_until=timezone.now() - timedelta(days=1))
    url = f"/api/v1/verify/{statement.dds_id}"
    assert api_client.get(url).json()["status"] == "EXPIRED"
    with django_assert_num_queries(0):
        assert api_client.get(url).json()["status"] == "EXPIRED"


def test_a_compliant_record_in_its_last_second_is_not_cached(make_statement, settings):
    from compliance.models import DDSStatus
    from compliance.verification import _cache_seconds

    statement = make_statement("COMPLIANT", valid_until=timezone.now() + timedelta(milliseconds=600))
    assert _cache_seconds(statement, shown_status=DDSStatus.COMPLIANT) == 0
    # Shown COMPLIANT although valid_until passed between building the record and now.
    statement.valid_until = timezone.now() - timedelta(milliseconds=1)
    assert _cache_seconds(statement, shown_status=DDSStatus.COMPLIANT) == 0
    assert _cache_seconds(statement, shown_status=DDSStatus.EXPIRED) == settings.VERIFY_CACHE_SECONDS


def test_badge_call_with_a_host_outside_allowed_hosts_is_refused_like_any_other(api_client, make_statement):
    statement = make_statement("COMPLIANT")
    url = f"/api/v1/verify/{statement.dds_id}"
    plain = api_client.get(url, HTTP_HOST="evil.example")
    negotiated = api_client.get(url, HTTP_HOST="evil.example", HTTP_ACCEPT="application/json; q=1")
    assert plain.status_code == negotiated.status_code == 400
