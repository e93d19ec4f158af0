from celery.signals import worker_init, worker_process_init
from django.apps import AppConfig


class RiskConfig(AppConfig):
    name = "risk"
    verbose_name = "risk engine"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Celery's signals, not the project's Celery app: a worker (any process that starts
        # one) warms this app's indexes; a web process reads them in eudr_service.wsgi.
        worker_init.connect(indexes_load, weak=False)
        worker_process_init.connect(indexes_load, weak=False)


def indexes_load(**_: object) -> None:
    """Load the country boundaries (about a second) and the plot map's place names before the
    first task needs them: otherwise the first statement a worker screens or renders, perhaps
    for a request waiting on it, pays for them."""
    from risk.engine import get_index, get_place_index  # noqa: PLC0415 (models must be ready first)

    get_index()
    get_place_index()
