"""Profile GET /api/v1/verify/{id} against GET /livez in-process (cProfile), on the bench's
database and Redis as `make bench` left them (run `make bench` first).

    .venv/bin/python bench/profile_verify.py

Both go through the whole middleware stack with Django's test client and the bench's
production-like settings, so the difference is what verify adds: CPU per request of
each, then verify's own code by cumulative time.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

REQUESTS = 2000


def main() -> None:
    from harness import app_env

    os.environ.update(app_env(), DJANGO_SETTINGS_MODULE="eudr_service.settings")
    import django

    django.setup()
    from django.test import Client

    from compliance.models import DueDiligenceStatement

    dds_id = (
        DueDiligenceStatement.objects.filter(status="COMPLIANT", livemode=True)
        .values_list("dds_id", flat=True)
        .first()
    )
    if dds_id is None:
        raise SystemExit("no COMPLIANT statement in the bench database: run `make bench` first")
    client = Client(REMOTE_ADDR="10.9.9.9", HTTP_HOST="127.0.0.1")

    def run(path: str) -> None:
        for _ in range(REQUESTS):
            client.get(path)

    verify = f"/api/v1/verify/{dds_id}"
    for path in ("/livez", verify):
        run(path)  # warm
        cpu = time.process_time()
        run(path)
        print(f"{path}: {(time.process_time() - cpu) / REQUESTS * 1e6:.0f} us CPU per request")
    profile = cProfile.Profile()
    profile.runcall(run, verify)
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats("compliance|accounts|eudr_service", 15)
    stats.sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
