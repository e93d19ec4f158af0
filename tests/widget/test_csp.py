"""Content-Security-Policy: on every page, strict for scripts, and the pages we
serve (widget demo, Swagger UI, ReDoc, the panel) still work under it."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/widget/demo", "/accounts/login/", "/api/docs/", "/api/redoc/", "/admin/login/"]
)
def test_every_page_has_a_policy_without_inline_scripts(client, path):
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert "'unsafe-inline'" not in directives["script-src"]
    assert "'unsafe-eval'" not in directives["script-src"]
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"


def test_api_answers_carry_the_empty_policy(client):
    assert client.get("/api/v1/verify/DDS-PL-2025-000123-ABCD")["Content-Security-Policy"].startswith(
        "default-src 'none'"
    )


def test_each_request_gets_its_own_nonce(client):
    first = client.get("/widget/demo")["Content-Security-Policy"]
    assert first != client.get("/widget/demo")["Content-Security-Policy"]


def _violations(page) -> list[str]:
    messages: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and messages.append(m.text))
    return messages


@pytest.mark.browser
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_demo_page_renders_every_widget_under_the_policy(open_page, live_server):
    call_command("seed_demo", stdout=io.StringIO())
    page = open_page()
    violations = _violations(page)
    page.goto(f"{live_server.url}/widget/demo")
    page.wait_for_function(
        # A function, not an expression string: Playwright would eval() a string in the
        # page, which the page's own policy (no 'unsafe-eval') rightly refuses.
        "() => [...document.querySelectorAll('[data-eudr-dds]')].every(e => "
        "['verified', 'in_progress', 'none'].includes(e.dataset.eudrState))",
        timeout=20_000,
    )
    # The widget's own stylesheet applied: the badge box is laid out, not bare text.
    display = page.evaluate(
        "getComputedStyle(document.querySelector('[data-eudr-dds]').shadowRoot.querySelector('.w')).display"
    )
    assert display != "inline"
    assert violations == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.parametrize(
    ("path", "ready"), [("/api/docs/", ".swagger-ui .info"), ("/api/redoc/", ".api-info")]
)
def test_api_documentation_renders_under_the_policy(open_page, live_server, path, ready):
    page = open_page()
    violations = _violations(page)
    page.goto(f"{live_server.url}{path}")
    page.wait_for_selector(ready, timeout=30_000)
    # ReDoc's bundle shows its maker's logo from their CDN; the policy blocks that on
    # purpose (nothing is loaded from other hosts). Nothing of ours is blocked.
    assert [v for v in violations if "https://cdn.redoc.ly/" not in v] == []
