"""The EU outbox's tests run their Celery tasks in the test process in every mode, as
statements' own tests do (tests/compliance/conftest.py).

They are about what submission, polling, amendment and withdrawal do, not about the
broker: in the services suite (PostgreSQL, Redis, a broker) no worker runs for them, so a
submission would wait for nobody. Tests marked `worker` start real workers and keep the
broker.
"""

import pytest


@pytest.fixture(autouse=True)
def _tasks_in_process(request):
    if request.node.get_closest_marker("worker"):
        yield
        return
    request.getfixturevalue("eager_tasks")
    yield
