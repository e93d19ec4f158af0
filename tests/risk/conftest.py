"""The risk engine's tests run their Celery tasks (job chunks) in the test process in every mode.

They are about what scoring and jobs do, not about the broker: in the services suite
no worker runs for them. Tests marked `worker` start real workers and keep the broker.
"""

import pytest


@pytest.fixture(autouse=True)
def _tasks_in_process(request):
    if request.node.get_closest_marker("worker"):
        yield
        return
    request.getfixturevalue("eager_tasks")
    yield
