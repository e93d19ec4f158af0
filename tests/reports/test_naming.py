"""The PDF's file name. (The NIP checksum is tested in tests/eudr_service/test_nip.py.)"""

import pytest

from reports.models import company_slug


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Zakłady Mięsne Łódź", "zaklady-miesne-lodz"),
        ("ĄĆĘŁŃÓŚŹŻ ąćęłńóśźż", "acelnoszz-acelnoszz"),
        ("Agro-Pol S.A.", "agro-pol-sa"),
        ("!!!", "company"),
    ],
)
def test_company_slug_transliterates_polish_letters(name, slug):
    assert company_slug(name) == slug
