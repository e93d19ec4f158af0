"""The Celery application. Tasks are thin adapters that call services.

Nothing in the apps or the library imports this module: they send tasks by name and read the
running app through `celery.current_app` (eudr_service/lib/background.py). Each app warms what
its tasks need at worker start from its own AppConfig.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eudr_service.settings")

app = Celery("eudr_service")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="eudr_service.ping")
def ping() -> str:
    """Health probe: proves a worker is consuming from the broker."""
    return "pong"
