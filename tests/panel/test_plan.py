"""The plan page: one ladder of plans with prices, the account's plan and usage,
upgrade requests that staff approve or reject in the admin; an upgrade link wherever
a feature is refused for the plan."""

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from accounts.models import UpgradeRequest, User
from tests.limiter_clock import set_limiter_clock

pytestmark = pytest.mark.django_db
PAGE = "/panel/plan/"


@pytest.fixture(autouse=True)
def one_window(monkeypatch):
    set_limiter_clock(monkeypatch, lambda: 1_767_229_200.0)


@pytest.fixture
def staff_client(client, make_user):
    staff = make_user("enterprise", is_staff=True, is_superuser=True)
    client.force_login(staff)
    client.staff = staff
    return client


def _row(html, code):
    start = html.index(f'data-plan="{code}"')
    return html[start : html.index("</tr>", start)]


def test_plan_page_shows_one_ladder_with_prices_in_polish(signed_in):
    client = signed_in("starter")
    html = client.get(PAGE).content.decode()
    ladder = ["free", "starter", "standard", "pro", "enterprise"]
    positions = [html.index(f'data-plan="{code}"') for code in ladder]
    assert positions == sorted(positions)  # least to most
    assert all(html.count(f'data-plan="{code}"') == 1 for code in ladder)  # one table
    assert "Bezpłatnie, bez karty" in _row(html, "starter")
    assert "299 zł miesięcznie" in _row(html, "pro")
    assert "Wycena indywidualna" in _row(html, "enterprise")
    assert "Cena na zapytanie" in _row(html, "standard")
    assert "Cena na zapytanie" in _row(html, "free")
    assert "10000" in _row(html, "pro") and "2000" in _row(html, "standard")
    assert "bez limitu" in _row(html, "enterprise")
    assert "SLA 99,9%, wsparcie 24/7." in _row(html, "enterprise")
    assert "Płatności nie są obsługiwane w panelu" in html
    # Customers never read how the specification was written.
    assert "pecyfikacj" not in html and "prezentacj" not in html


def test_plan_page_in_english(signed_in):
    client = signed_in("starter")
    client.cookies["django_language"] = "en"
    html = client.get(PAGE).content.decode()
    assert "Free, no card" in _row(html, "starter")
    assert "299 PLN a month" in _row(html, "pro")
    assert "Individual quote" in _row(html, "enterprise")
    assert "Price on request" in _row(html, "standard")
    assert "specification" not in html.lower() and "presentation" not in html.lower()


def test_plan_page_marks_the_current_plan_and_shows_usage(signed_in, make_key):
    client = signed_in("starter")
    _, plaintext = make_key(user=client.user)
    APIClient().get("/api/v1/verify/DDS-PL-2025-000001-NONE", HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    response = client.get(PAGE)
    html = response.content.decode()
    assert 'data-testid="current-plan">Starter<' in html
    assert 'aria-current="true"' in _row(html, "starter")
    assert 'aria-current="true"' not in _row(html, "pro")
    assert response.context["today"] == 1


def test_self_registered_account_can_use_the_api_it_signed_up_for(client):
    password = "a long and unusual passphrase 42"
    client.post(
        "/accounts/signup/", {"email": "new@example.com", "password1": password, "password2": password}
    )
    assert User.objects.get(email="new@example.com").plan_id == "starter"
    plaintext = client.post("/panel/keys/", {"name": "ERP"}).context["plaintext"]
    assert plaintext.startswith("eudr_live_")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    assert api.get("/api/eudr/dds/list").status_code == 200  # dds
    assert api.get("/api/eudr/v1/risk-score", {"lat": "x"}).status_code == 400  # risk: passes the plan
    assert api.get("/api/eudr/v1/webhooks").status_code == 403  # webhooks: a paid plan
    assert api.get("/api/v1/verify/DDS-PL-2025-000001-NONE").status_code == 404  # verify


def _request_upgrade(client, plan="pro", message="ok. 5000 zapytań dziennie"):
    return client.post(PAGE, {"requested_plan": plan, "message": message})


def test_upgrade_request_is_recorded_pending_and_shown(signed_in):
    client = signed_in("starter")
    response = _request_upgrade(client)
    assert response.status_code == 302
    request = UpgradeRequest.objects.get()
    assert (request.account, request.from_plan_id, request.requested_plan_id, request.status) == (
        client.user,
        "starter",
        "pro",
        "pending",
    )
    assert request.message == "ok. 5000 zapytań dziennie"
    html = client.get(PAGE).content.decode()
    assert 'data-status="pending"' in html and "oczekuje" in html
    client.user.refresh_from_db()
    assert client.user.plan_id == "starter"


def test_second_pending_request_is_refused(signed_in):
    client = signed_in("starter")
    _request_upgrade(client)
    response = _request_upgrade(client, plan="enterprise")
    assert response.status_code == 400
    assert UpgradeRequest.objects.count() == 1


@pytest.mark.parametrize("plan", ["starter", "free", "nonexistent"])
def test_current_or_unrequestable_plan_cannot_be_requested(signed_in, plan):
    client = signed_in("starter")
    assert _request_upgrade(client, plan=plan).status_code == 400
    assert not UpgradeRequest.objects.exists()


def _decide(staff_client, request, action):
    return staff_client.post(
        "/admin/accounts/upgraderequest/",
        {"action": action, "_selected_action": [request.pk]},
    )


def test_staff_approval_changes_the_plan_and_records_who(signed_in, staff_client):
    client = signed_in("starter")
    _request_upgrade(client)
    request = UpgradeRequest.objects.get()
    assert _decide(staff_client, request, "approve").status_code == 302
    request.refresh_from_db()
    client.user.refresh_from_db()
    assert client.user.plan_id == "pro"
    assert request.status == "approved"
    assert request.decided_by == staff_client.staff and request.decided_at is not None
    html = client.get(PAGE).content.decode()
    assert 'data-status="approved"' in html
    assert 'data-testid="current-plan">Pro<' in html


def test_staff_rejection_leaves_the_plan(signed_in, staff_client):
    client = signed_in("starter")
    _request_upgrade(client)
    request = UpgradeRequest.objects.get()
    _decide(staff_client, request, "reject")
    request.refresh_from_db()
    client.user.refresh_from_db()
    assert client.user.plan_id == "starter"
    assert request.status == "rejected" and request.decided_by == staff_client.staff
    assert 'data-status="rejected"' in client.get(PAGE).content.decode()


def test_decided_request_is_not_decided_again(signed_in, staff_client):
    client = signed_in("starter")
    _request_upgrade(client)
    request = UpgradeRequest.objects.get()
    _decide(staff_client, request, "reject")
    _decide(staff_client, request, "approve")
    request.refresh_from_db()
    client.user.refresh_from_db()
    assert request.status == "rejected" and client.user.plan_id == "starter"


@override_settings(PANEL_ACTIONS_PER_MINUTE=2)
def test_upgrade_requests_are_rate_limited(signed_in):
    client = signed_in("starter")
    answers = [_request_upgrade(client, plan="nonexistent").status_code for _ in range(3)]
    assert answers == [400, 400, 429]


@pytest.mark.parametrize(
    ("plan", "page"),
    [
        ("starter", "/panel/webhooks/"),
        ("free", "/panel/declarations/new/"),
        ("free", "/panel/eu-credentials/"),
        ("free", "/panel/supply-chain/"),
    ],
)
def test_a_feature_refused_for_the_plan_links_to_the_plan_page(signed_in, plan, page):
    html = signed_in(plan).get(page).content.decode()
    assert 'data-testid="upgrade-link"' in html and f'href="{PAGE}"' in html


def test_the_403_plan_required_problem_carries_the_upgrade_address(keyed_client, settings):
    settings.PUBLIC_BASE_URL = "https://eudr.example.pl"
    problem = keyed_client("free").get("/api/eudr/dds/list").json()
    assert problem["code"] == "plan_required"
    assert problem["upgrade_url"] == "https://eudr.example.pl/panel/plan/"
    assert problem["plans"] == ["starter", "standard", "pro", "enterprise"]  # the ladder's order
