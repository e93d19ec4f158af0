"""Fixtures for the CSRD report tests: a valid request body, eager tasks, a private media folder."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from typing import Any

import pytest
from pypdf import PdfReader

from eudr_service.celery import app as celery_app

VALID_NIP = "5260250274"
PARCEL_ID = "141201_1.0001.6509"  # the fake ULDK's parcel (tests/risk/fakes.py)

BASE_BODY: dict[str, Any] = {
    "company_name": "Zakłady Mięsne Łódź",
    "report_year": 2024,
    "suppliers": [
        {
            "name": "Gospodarstwo Kowalski",
            "nip": VALID_NIP,
            "crop_type": "wheat",
            "quantity_t": 120.5,
            "area_ha": 20,
            "location": "mazowieckie",
        },
        {
            "name": "Agro Żółw Sp. z o.o.",
            "crop_type": "soy",
            "quantity_t": 10,
            "area_ha": 4,
            "location": "Lubelskie",
        },
    ],
}


@pytest.fixture
def body() -> Callable[..., dict[str, Any]]:
    """A valid request body; keyword arguments replace top-level fields."""

    def make(**overrides: Any) -> dict[str, Any]:
        data = copy.deepcopy(BASE_BODY)
        data.update(overrides)
        return data

    return make


@pytest.fixture(autouse=True)
def _eager_unless_worker(request: pytest.FixtureRequest) -> Any:
    """Tasks run in-process, except in the tests that drive a real worker."""
    if request.node.get_closest_marker("worker"):
        yield
        return
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _private_media(request: pytest.FixtureRequest, settings: Any, tmp_path: Any) -> None:
    # A real worker writes to its own MEDIA_ROOT, so those tests keep the default.
    if not request.node.get_closest_marker("worker"):
        settings.MEDIA_ROOT = str(tmp_path / "media")


def pdf_text(pdf: bytes) -> str:
    # Table cells wrap and numbers use no-break spaces; compare on single spaces.
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    return text.replace("\u00a0", " ")
