"""Statements' own tests run their Celery tasks in the test process in every mode.

They are about what screening, PDF rendering and EU submission do, not about the
broker: in the services suite (PostgreSQL, Redis, a broker) no worker runs for them,
so a PDF or a submission would wait for nobody. Tests marked `worker` start real
workers and keep the broker.
"""

import pytest


@pytest.fixture(autouse=True)
def _tasks_in_process(request):
    if request.node.get_closest_marker("worker"):
        yield
        return
    request.getfixturevalue("eager_tasks")
    yield
