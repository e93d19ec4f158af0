"""The specification's quotas hold on the README's main command (issue 40, finding 14): under
`make run` every gunicorn worker counts in one shared cache, so a key's daily remainder goes
down by one a call whichever worker answers, and a ten-a-minute plan refuses the eleventh."""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request

import pytest

from tests.make_run import make_run

pytestmark = pytest.mark.make_run
LIST = "/api/eudr/dds/list"


def call(url: str, key: str) -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(url + LIST, headers={"X-API-Key": key})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers)


def minute_left(headers: dict[str, str]) -> int:
    return int(re.search(r'"minute";r=\d+;t=(\d+)', headers["RateLimit"]).group(1))


def test_daily_quota_and_burst_limit_are_exact_across_make_runs_workers(tmp_path):
    with make_run(tmp_path / "var") as run:
        out = run.manage("create_api_key", "--email", "starter@example.pl", "--plan", "starter")
        key = re.search(r"eudr_live_\w+", out).group(0)

        first_status, first = call(run.url, key)
        second_status, second = call(run.url, key)
        assert (first_status, second_status) == (200, 200)
        assert (first["X-RateLimit-Limit"], first["X-RateLimit-Remaining"]) == ("100", "99")
        assert second["X-RateLimit-Remaining"] == "98"

        # Twelve calls inside one minute window, on a ten-a-minute plan.
        time.sleep(minute_left(second) + 0.5)
        answers = [call(run.url, key) for _ in range(12)]
        statuses = [status for status, _ in answers]
        assert statuses.count(200) == 10 and statuses.count(429) == 2, statuses
        refused = [headers for status, headers in answers if status == 429]
        assert all(0 < int(h["Retry-After"]) <= 60 for h in refused)
        served = [headers for status, headers in answers if status == 200]
        assert [int(h["X-RateLimit-Remaining"]) for h in served] == list(range(97, 87, -1))
        # Several processes answered: the counts were shared, not one worker's own.
        pids = {line.split()[-1] for line in run.log.read_text().splitlines() if "Booting worker" in line}
        assert len(pids) >= 3
