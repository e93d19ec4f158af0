"""run_fake_eu_is serves the fake on loopback until interrupted."""

from __future__ import annotations

import io
import re

from django.core.management import call_command

from euis.client import EuisClient, RateLimiter
from euis.wsse import Credentials
from standins.management.commands import run_fake_eu_is


def test_command_serves_the_fake_with_the_given_account(monkeypatch):
    out = io.StringIO()
    answers = []

    def until_interrupted():
        base_url = re.search(r"(http://127\.0\.0\.1:\d+/tracesnt/)", out.getvalue()).group(1)
        client = EuisClient(
            credentials=Credentials("me", "my-key", "my-client"),
            base_url=base_url,
            limiter=RateLimiter(1000, sleep=lambda s: None),
        )
        answers.append(client.echo())
        raise KeyboardInterrupt

    monkeypatch.setattr(run_fake_eu_is, "wait_until_interrupted", until_interrupted)
    call_command(
        "run_fake_eu_is",
        "--port",
        "0",
        "--username",
        "me",
        "--key",
        "my-key",
        "--client-id",
        "my-client",
        stdout=out,
    )
    assert answers == ["OK"]
    assert "username=me" in out.getvalue()
