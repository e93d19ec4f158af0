"""The Celery application. Tasks are thin adapters that call services."""

import os

from celery import Celery
from celery.signals import worker_init, worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eudr_service.settings")

app = Celery("eudr_service")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def tasks_run_inline() -> bool:
    """Whether a task sent now runs at once in this process (eager) instead of on a worker.

    Read from the app, not from settings: tests switch an app to eager for one test.
    """
    return bool(app.conf.task_always_eager)


@app.task(name="eudr_service.ping")
def ping() -> str:
    """Health probe: proves a worker is consuming from the broker."""
    return "pong"


@worker_process_init.connect
@worker_init.connect
def _load_indexes(**_: object) -> None:
    """Load the country boundaries (about a second) and the plot map's place names before
    the first task needs them: otherwise the first statement a worker screens or renders,
    perhaps for a request waiting on it, pays for them."""
    # This module loads before the apps are ready.
    from risk.engine import get_index, get_place_index  # noqa: PLC0415

    get_index()
    get_place_index()
