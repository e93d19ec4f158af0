"""GET /widget/demo: every style and state for the demo statements, served locally."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command

from widget.views import DEMO_ROWS

pytestmark = pytest.mark.django_db


def test_demo_page_embeds_every_demo_statement_in_every_style_and_language(client):
    call_command("seed_demo", stdout=io.StringIO())
    response = client.get("/widget/demo")
    assert response.status_code == 200
    html = response.content.decode()
    for dds_id, _ in DEMO_ROWS:
        for style in ("badge", "card", "full"):
            for lang in ("pl", "en"):
                assert (
                    f'id="w-{style}-{dds_id}-{lang}" data-eudr-dds="{dds_id}" '
                    f'data-style="{style}" data-lang="{lang}"'
                ) in html
    nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
    assert f'<script async nonce="{nonce}" src="/api/widget"></script>' in html
    assert "seed_demo</code>, otherwise" not in html


def test_demo_page_says_when_the_demo_data_is_missing(client):
    assert "run <code>manage.py seed_demo</code>" in client.get("/widget/demo").content.decode()


def test_demo_page_loads_nothing_from_other_hosts(client):
    html = client.get("/widget/demo").content.decode()
    for attr in re.findall(r'<[a-z]+\s[^>]*?(?:src|href)="([^"]+)"', html):
        assert attr.startswith("/"), attr
