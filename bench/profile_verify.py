"""Profile GET /api/v1/verify/{id} against GET /livez in-process (cProfile), on the bench's
database and Redis as `make bench` left them (run `make bench` first).

    .venv/bin/python bench/profile_verify.py

Both are called as gunicorn calls them (Django's WSGI handler, the whole middleware
stack, the bench's production-like settings), without an HTTP server, so the
difference is what verify adds: CPU per request of each, the quota counting's
Redis round trip on its own, then verify's profile by own time.
"""

from __future__ import annotations

import cProfile
import io
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
    from accounts.quota import Limits, quota_consume
    from compliance.models import DueDiligenceStatement
    from compliance.verification_cache import verification_cache_key
    from eudr_service.wsgi import application

    dds_id = (
        DueDiligenceStatement.objects.filter(status="COMPLIANT", livemode=True)
        .values_list("dds_id", flat=True)
        .first()
    )
    if dds_id is None:
        raise SystemExit("no COMPLIANT statement in the bench database: run `make bench` first")

    def environ(path: str) -> dict:
        return {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": path,
            "SCRIPT_NAME": "",
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_ACCEPT": "*/*",
            "REMOTE_ADDR": "10.9.9.9",
            "wsgi.input": io.BytesIO(b""),
            "wsgi.errors": sys.stderr,
            "wsgi.url_scheme": "http",
        }

    def run(path: str) -> None:
        for _ in range(REQUESTS):
            response = application(environ(path), lambda status, headers, exc_info=None: None)
            b"".join(response)
            response.close()

    verify = f"/api/v1/verify/{dds_id}"
    for path in ("/livez", verify, "/livez", verify):
        run(path)  # warm
        cpu = time.process_time()
        run(path)
        print(f"{path}: {(time.process_time() - cpu) / REQUESTS * 1e6:.0f} us CPU per request")
    limits, fetch = Limits(10**9, 10**9), verification_cache_key(raw_id=dds_id)
    cpu = time.process_time()
    for _ in range(REQUESTS):
        quota_consume(scope="ip:10.9.9.9", limits=limits, fetch=fetch)
    per_call = (time.process_time() - cpu) / REQUESTS * 1e6
    print(f"quota counting with the record: {per_call:.0f} us CPU per call")
    profile = cProfile.Profile()
    profile.runcall(run, verify)
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats("compliance|accounts|eudr_service", 15)
    stats.sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
