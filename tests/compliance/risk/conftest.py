from collections.abc import Iterator

import pytest

from tests.compliance.risk.fakes import Uldk, running_uldk


@pytest.fixture
def uldk() -> Iterator[tuple[Uldk, str]]:
    """A local ULDK: set `.body`, `.status`, `.delay`; read `.requests`."""
    with running_uldk() as server:
        yield server
