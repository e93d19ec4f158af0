"""A slow or failing ULDK cannot hold a web worker: each request has a total ULDK wait
budget, a breaker answers 503 at once while ULDK is failing, and a filing whose parcel
lookups could exceed the budget is screened by a worker.

The stand-in ULDK sleeps longer than the (short) timeouts set here; the tests count the
calls it received and read statuses and headers, never the wall clock.
"""

from __future__ import annotations

import math

import pytest

from compliance.models import DueDiligenceStatement
from eudr_service.lib import upstreams
from regulation.benchmark import benchmark_cache_clear
from risk import parcels
from risk.service import parcel_get
from tests.compliance.test_dds_api import GENERATE, JSON, with_plots
from tests.eudr_service.test_upstreams import Clock
from tests.risk.fakes import PARCEL_ID

pytestmark = pytest.mark.django_db
SINGLE = "/api/eudr/v1/risk-score"
TIMEOUT = 0.1
HANG = 0.4  # longer than TIMEOUT: every lookup times out
PARCELS = [f"141201_1.0001.{n}" for n in range(1, 21)]


@pytest.fixture
def clock(monkeypatch):
    now = Clock()
    monkeypatch.setattr(upstreams, "now", now)
    return now


@pytest.fixture
def slow_uldk(uldk, settings, clock):
    state, url = uldk
    settings.ULDK_BASE_URL = url
    settings.ULDK_TIMEOUT_SECONDS = TIMEOUT
    settings.ULDK_REQUEST_BUDGET_SECONDS = 0.25
    settings.UPSTREAM_BREAKER_FAILURES = 3
    settings.UPSTREAM_BREAKER_COOLDOWN_SECONDS = 30
    state.delay = HANG
    return state


@pytest.fixture
def client(keyed_client):
    benchmark_cache_clear()
    return keyed_client("standard")


def ask(client, parcel_id=PARCEL_ID):
    return client.post(SINGLE, {"parcelId": parcel_id, "commodity": "soja"}, format="json")


def test_a_hanging_uldk_opens_the_breaker_which_then_answers_503_without_calling(client, slow_uldk):
    for made in range(1, 4):
        response = ask(client)
        assert response.status_code == 503
        assert response["Content-Type"].startswith("application/problem+json")
        assert response.json()["code"] == "parcel_service_unavailable"
        assert len(slow_uldk.requests) == made
    for _ in range(5):
        response = ask(client)
        assert response.status_code == 503
        assert response.json()["code"] == "parcel_service_unavailable"
        assert response["Retry-After"] == "30"  # the breaker's cool-down, not the generic 60
    assert len(slow_uldk.requests) == 3  # the open breaker never called ULDK


def test_after_the_cool_down_one_probe_closes_the_breaker_when_uldk_is_back(client, slow_uldk, clock):
    for _ in range(3):
        ask(client)
    clock.at += 10
    assert ask(client)["Retry-After"] == "20"
    assert len(slow_uldk.requests) == 3
    clock.at += 21
    slow_uldk.delay = 0  # ULDK recovered
    response = ask(client)
    assert response.status_code == 200, response.content
    assert len(slow_uldk.requests) == 4  # the probe
    assert ask(client, "141201_1.0001.77").status_code == 200  # closed: lookups go through again
    assert len(slow_uldk.requests) == 5


def test_a_failed_probe_keeps_the_breaker_open_for_another_cool_down(client, slow_uldk, clock):
    for _ in range(3):
        ask(client)
    clock.at += 31
    assert ask(client).status_code == 503  # the probe timed out
    assert len(slow_uldk.requests) == 4
    response = ask(client)
    assert response.status_code == 503 and response["Retry-After"] == "30"
    assert len(slow_uldk.requests) == 4


def test_a_request_never_waits_on_uldk_past_its_budget(slow_uldk, settings):
    """Twenty lookups in one request against a hanging ULDK: the budget stops them."""
    settings.UPSTREAM_BREAKER_FAILURES = 1000  # the budget alone, without the breaker
    spent = 0
    with upstreams.budgets():
        for parcel_id in PARCELS:
            with pytest.raises(parcels.ParcelServiceUnavailable) as failed:
                parcel_get(parcel_id=parcel_id)
            spent += isinstance(failed.value, parcels.ParcelLookupBudgetSpent)
    budget = settings.ULDK_REQUEST_BUDGET_SECONDS
    assert 1 <= len(slow_uldk.requests) <= math.ceil(budget / TIMEOUT)
    # Every lookup not made is reported as the budget spent, and so is one the budget cut
    # short; the first one waited its own timeout.
    assert len(PARCELS) - len(slow_uldk.requests) <= spent <= len(PARCELS) - 1


def test_a_lookup_the_budget_cut_short_does_not_count_against_uldk(slow_uldk, settings):
    """A call that timed out only because the request's budget shortened its wait says
    nothing about ULDK: requests with little budget left cannot open the breaker for
    everyone. A call that waited its own timeout still counts."""
    settings.ULDK_REQUEST_BUDGET_SECONDS = TIMEOUT / 2  # every call in a request is cut short
    settings.UPSTREAM_BREAKER_FAILURES = 2
    for parcel_id in PARCELS[:3]:
        with upstreams.budgets(), pytest.raises(parcels.ParcelLookupBudgetSpent):
            parcel_get(parcel_id=parcel_id)
    assert len(slow_uldk.requests) == 3  # each was asked
    assert not upstreams.breaker(upstreams.ULDK).is_open()
    for parcel_id in PARCELS[3:5]:  # outside a request (a worker): its own timeout, counted
        with pytest.raises(parcels.ParcelServiceUnavailable) as failed:
            parcel_get(parcel_id=parcel_id)
        assert not isinstance(failed.value, parcels.ParcelLookupBudgetSpent)
    assert upstreams.breaker(upstreams.ULDK).is_open()


def test_a_twenty_parcel_filing_against_a_slow_uldk_is_bounded_and_finished_by_a_worker(
    client, slow_uldk, settings, django_capture_on_commit_callbacks
):
    settings.ULDK_REQUEST_BUDGET_SECONDS = 1.0
    settings.UPSTREAM_BREAKER_FAILURES = 1000  # the budget alone, without the breaker
    data = with_plots(*({"parcel_id": parcel_id} for parcel_id in PARCELS))
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 201, response.content
    record = response.json()
    # Each lookup times out at 0.1 s: the request stopped asking when its 1 s budget was spent
    # and left the statement SUBMITTED for a worker.
    assert 1 <= len(slow_uldk.requests) <= math.ceil(settings.ULDK_REQUEST_BUDGET_SECONDS / TIMEOUT)
    assert record["status"] == "SUBMITTED"
    assert queued, "the screening was handed to a worker"
    made = len(slow_uldk.requests)
    slow_uldk.delay = 0
    for callback in queued:
        callback()
    statement = DueDiligenceStatement.objects.get(dds_id=record["dds_id"])
    assert statement.screened_at is not None and statement.status == "COMPLIANT"
    assert len(slow_uldk.requests) == made + len(PARCELS)  # the worker has no total budget


def test_a_filing_whose_lookups_answer_within_the_budget_is_screened_in_the_request(client, uldk, settings):
    state, url = uldk
    settings.ULDK_BASE_URL = url
    data = with_plots(*({"parcel_id": parcel_id} for parcel_id in PARCELS[:3]))
    response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "COMPLIANT"
    assert len(state.requests) == 3
