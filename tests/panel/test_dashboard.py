"""Dashboard: plan, limits, today's live usage and the 30-day chart."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import DailyUsage

pytestmark = pytest.mark.django_db
VERIFY = "/api/v1/verify/DDS-PL-2025-000123-ABCD"


def today_count(html: str) -> int:
    return int(re.search(r'data-testid="usage-today">(\d+)<', html).group(1))


def test_dashboard_shows_plan_limits_and_features(signed_in):
    html = signed_in("standard").get("/panel/").content.decode()
    assert "Standard" in html and "2000" in html and "60" in html
    assert today_count(html) == 0


def test_todays_count_rises_with_api_calls_at_once(signed_in, make_key):
    client = signed_in("free")
    _, plaintext = make_key(user=client.user)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    for _ in range(3):
        api.get(VERIFY)
    html = client.get("/panel/").content.decode()
    assert today_count(html) == 3
    assert "97" in html  # requests left of 100
    assert not DailyUsage.objects.exists()  # nothing was written per request


def test_panel_pages_do_not_count_against_the_quota(signed_in):
    client = signed_in("free")
    for _ in range(3):
        client.get("/panel/")
    assert today_count(client.get("/panel/").content.decode()) == 0


def test_session_calls_to_the_api_count_like_key_calls(signed_in):
    client = signed_in("standard")
    assert client.get("/api/eudr/dds/list").status_code == 200  # the session authenticates
    assert today_count(client.get("/panel/").content.decode()) == 1


def test_chart_has_a_bar_per_day_from_the_stored_history(signed_in):
    client = signed_in("enterprise")
    today = timezone.now().date()
    DailyUsage.objects.create(user=client.user, date=today - timedelta(days=3), requests=40)
    DailyUsage.objects.create(user=client.user, date=today - timedelta(days=1), requests=10)
    html = client.get("/panel/").content.decode()
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    assert svg.count("<rect") == 30
    assert f"<title>{today - timedelta(days=3):%Y-%m-%d}: 40</title>" in svg
    assert 'height="160.0"' in svg  # the busiest day fills the chart
    assert "," not in re.sub(r"<title>.*?</title>", "", svg)  # no decimal commas in Polish
    assert "50" in html  # total in the caption
    assert "bez limitu" in html  # unlimited plan, in Polish
