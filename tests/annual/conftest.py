"""The annual report's PDFs are rendered by a task: run it in the test process in every mode
(as tests/compliance does), unless a test keeps the broker."""

import pytest


@pytest.fixture(autouse=True)
def _tasks_in_process(request):
    if request.node.get_closest_marker("worker"):
        yield
        return
    request.getfixturevalue("eager_tasks")
    yield
