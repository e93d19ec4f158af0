"""Sign-up, sign-in, sign-out, password reset, and brute-force limits."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from tests.limiter_clock import set_limiter_clock
from tests.panel.conftest import PASSWORD

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "another long secret 42"


@pytest.fixture
def one_window(monkeypatch):
    """Keeps the limiter in one window: its windows are clock slots, and a slot ending
    mid-test would reset the count."""
    set_limiter_clock(monkeypatch, lambda: 1_767_229_200.0)


def signup(client, email="New.Operator@Example.com", password=NEW_PASSWORD, **extra):
    data = {"email": email, "password1": password, "password2": password, **extra}
    return client.post("/accounts/signup/", data)


def test_signup_creates_a_starter_account_and_signs_in(client):
    response = signup(client, organisation="Skup Zboża Sp. z o.o.")
    assert response.status_code == 302
    assert response["Location"] == "/panel/"
    user = User.objects.get()
    assert user.email == "new.operator@example.com"
    assert user.plan_id == "starter"  # the no-cost tier that can use the API (docs/plans.md)
    assert user.organisation == "Skup Zboża Sp. z o.o."
    assert user.check_password(NEW_PASSWORD)
    dashboard = client.get("/panel/")
    assert dashboard.status_code == 200
    assert b"Starter" in dashboard.content


def test_the_signup_page_states_the_plan_the_account_gets_from_the_plan_table(client):
    from accounts.models import SIGNUP_PLAN, Plan

    plan = Plan.objects.get(code=SIGNUP_PLAN)
    client.cookies["django_language"] = "en"
    html = client.get("/accounts/signup/").content.decode()
    said = re.search(r'<p class="signup-plan">(.*?)</p>', html, re.S).group(1)
    assert f"New accounts start on the {plan.name} plan:" in said
    assert "DDS verification" in said and "Risk score" in said and "DDS filing and PDFs" in said
    assert "Webhooks" not in said and "CSRD" not in said
    assert f"Requests a day: {plan.daily_limit}; a minute: {plan.per_minute_limit}." in said
    # Staff edit the row in the admin: the page follows it, and the account gets what it says.
    Plan.objects.filter(code=SIGNUP_PLAN).update(
        name="Start", daily_limit=250, features=["verify", "webhooks"]
    )
    client.cookies["django_language"] = "pl"
    said = re.search(
        r'<p class="signup-plan">(.*?)</p>', client.get("/accounts/signup/").content.decode(), re.S
    )
    assert "Start" in said.group(1) and "Webhooki" in said.group(1) and "250" in said.group(1)
    assert "Ocena ryzyka" not in said.group(1)
    signup(client)
    assert User.objects.get().plan.name == "Start"


def test_signup_errors_are_shown_next_to_their_fields(client, make_user):
    make_user(email="taken@example.com")
    response = signup(client, email="TAKEN@example.com", password="short")
    assert response.status_code == 200
    html = response.content.decode()
    email_input = re.search(r'<input[^>]*name="email"[^>]*>', html).group(0)
    # The message sits by the field and the field points at it for screen readers.
    assert 'id="id_email_error"' in html
    assert "id_email_error" in email_input and 'aria-invalid="true"' in email_input
    assert "Konto z tym adresem email już istnieje." in html
    assert User.objects.count() == 1


def test_sign_in_and_sign_out(client, make_user):
    user = make_user(email="op@example.com")
    response = client.post("/accounts/login/", {"username": "op@example.com", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/panel/"
    assert client.get("/panel/").context["user"] == user
    assert client.get("/accounts/logout/").status_code == 405  # sign-out is a POST form
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert client.get("/panel/")["Location"].startswith("/accounts/login/?next=/panel/")


def test_wrong_password_shows_an_error_and_does_not_sign_in(client, make_user):
    make_user(email="op@example.com")
    response = client.post("/accounts/login/", {"username": "op@example.com", "password": "nope"})
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()
    assert client.get("/panel/").status_code == 302


def test_panel_pages_need_a_signed_in_user(client):
    for path in ("/panel/", "/panel/keys/", "/panel/webhooks/", "/panel/statements/", "/panel/reports/"):
        response = client.get(path)
        assert response.status_code == 302, path
        assert response["Location"] == f"/accounts/login/?next={path}"


def test_sign_in_posts_are_limited_per_ip(client, make_user, one_window):
    make_user(email="op@example.com")
    for _ in range(10):
        response = client.post("/accounts/login/", {"username": "op@example.com", "password": "guess"})
        assert response.status_code == 200
    response = client.post("/accounts/login/", {"username": "op@example.com", "password": PASSWORD})
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "Zbyt wiele zapytań" in response.content.decode()
    assert client.get("/panel/").status_code == 302  # the right password did not get through
    assert client.get("/accounts/login/").status_code == 200  # the form itself stays available


def test_signup_posts_are_limited_per_ip(client, one_window):
    for i in range(10):
        signup(client, email=f"bad{i}@example.com", password="x")
    assert signup(client, email="good@example.com").status_code == 429
    assert not User.objects.exists()


def test_password_reset_by_email(client, make_user, settings):
    user = make_user(email="op@example.com")
    response = client.post("/accounts/password-reset/", {"email": "OP@example.com"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password-reset/sent/"
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    # The link comes from PUBLIC_BASE_URL, never from the request's Host header.
    link = re.search(r"(\S+/accounts/reset/\S+/)", body).group(1)
    assert link.startswith(settings.PUBLIC_BASE_URL)
    path = link.removeprefix(settings.PUBLIC_BASE_URL)
    form_page = client.get(path, follow=True)
    assert form_page.context["validlink"]
    response = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_password_reset_for_an_unknown_address_looks_the_same(client):
    response = client.post("/accounts/password-reset/", {"email": "nobody@example.com"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password-reset/sent/"
    assert mail.outbox == []
