"""The panel's roster upload refuses hostile and broken files in the page's language, with
a 400 page listing why, never a 500 (issue 40.2, 40.3, 40.10)."""

from __future__ import annotations

import codecs

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from suppliers.models import Supplier
from tests.panel.test_suppliers_panel import PAGE
from tests.suppliers.test_roster_attacks import _zip_bomb

pytestmark = pytest.mark.django_db


def _upload(client, data: bytes, name: str, lang: str):
    return client.post(f"{PAGE}?lang={lang}", {"action": "upload", "file": SimpleUploadedFile(name, data)})


@pytest.mark.parametrize(
    ("data", "name", "polish"),
    [
        (
            lambda: _zip_bomb(20 * 1024 * 1024),
            "bomba.xlsx",
            "Skoroszyt rozpakowuje się",
        ),
        (
            lambda: b"PK\x03\x04 garbage",
            "zepsuty.xlsx",
            "albo jest uszkodzony.",
        ),
        (lambda: b'producer_number\n"' + b"x" * 140_000 + b'"\n', "dlugi.csv", "Nie można odczytać wiersza"),
        (lambda: codecs.BOM_UTF16_LE + b"\x00\xd8", "utf16.csv", "Plik zaczyna się jak UTF-16"),
    ],
    ids=["zip bomb", "garbage", "csv field limit", "broken utf-16"],
)
def test_a_refused_file_is_a_400_page_in_polish(signed_in, data, name, polish):
    response = _upload(signed_in("standard"), data(), name, "pl")
    assert response.status_code == 400
    assert polish in response.content.decode()
    assert not Supplier.objects.exists()
