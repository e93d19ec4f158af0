import pytest

from compliance.identifiers import build_identifier, has_valid_check, normalise
from compliance.services import dds_allocate_identifier


def test_generated_identifier_has_design_format():
    identifier = build_identifier("PL", 2025, 123)
    assert identifier.startswith("DDS-PL-2025-000123-")
    assert has_valid_check(identifier)


def test_a_typo_breaks_the_check():
    identifier = build_identifier("PL", 2025, 123)
    typo = identifier.replace("000123", "000132")
    assert not has_valid_check(typo)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("dds-pl-2025-000123-7kq2", "DDS-PL-2025-000123-7KQ2"),
        (" DDS-DE-1-ab ", "DDS-DE-1-AB"),
        ("DDS-PLX-1", None),
        ("", None),
    ],
)
def test_normalise(raw, expected):
    assert normalise(raw) == expected


@pytest.mark.django_db
def test_allocated_identifiers_are_sequential_and_unique():
    first = dds_allocate_identifier(country="PL", year=2026)
    second = dds_allocate_identifier(country="PL", year=2026)
    assert first.startswith("DDS-PL-2026-000001-") and second.startswith("DDS-PL-2026-000002-")
    assert dds_allocate_identifier(country="DE", year=2026).startswith("DDS-DE-2026-000001-")
