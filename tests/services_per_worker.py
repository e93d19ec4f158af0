"""Each pytest-xdist worker of the services suite gets Redis databases of its own.

pytest-django gives every xdist worker its own PostgreSQL test database; the cache and
the broker would still be shared: a test clearing the cache would wipe another
worker's quota counters, and one worker's Celery workers would take another's tasks
and look for their rows in the wrong database. So worker gwN moves each Redis URL's
database number n to n + 2N (REDIS_URL /3 and CELERY_BROKER_URL /4: gw0 keeps 3 and
4, gw1 gets 5 and 6, gw2 7 and 8, and so on). The environment is rewritten, not the
settings, so the Celery workers a test starts (tests/workers.py) inherit it.

Loaded with `-p` (pyproject.toml) because Django's settings read the environment while
pytest-django loads, before any conftest.py is imported.
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit, urlunsplit

import pytest

REDIS_DATABASES = 16  # Redis's default `databases`
STRIDE = 2  # a cache and a broker database per worker


def _worker_number() -> int | None:
    match = re.fullmatch(r"gw(\d+)", os.environ.get("PYTEST_XDIST_WORKER", ""))
    return int(match.group(1)) if match else None


def moved(url: str, worker: int) -> str:
    """`url` with its database number moved for xdist worker `worker`."""
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss"):
        return url
    database = int(parts.path.strip("/") or 0) + STRIDE * worker
    if database >= REDIS_DATABASES:
        raise pytest.UsageError(
            f"xdist worker gw{worker} would use Redis database {database} for {url}: "
            f"fewer workers, or lower database numbers in REDIS_URL and CELERY_BROKER_URL"
        )
    return urlunsplit(parts._replace(path=f"/{database}"))


def _isolate() -> None:
    worker = _worker_number()
    if not worker:  # not under xdist, or gw0: the configured databases
        return
    for name in ("REDIS_URL", "CELERY_BROKER_URL"):
        if os.environ.get(name):
            os.environ[name] = moved(os.environ[name], worker)


_isolate()


def _cache_per_process() -> None:
    """Without Redis, each test process keeps its counters in memory: the suite's workers
    share VAR_DIR, and a test clearing the cache must not clear another worker's. The
    shared file cache of `make run` is tested through `make run` itself
    (tests/eudr_service/test_make_run_limits.py)."""
    os.environ.setdefault("EMBEDDED_CACHE", "memory")


_cache_per_process()
