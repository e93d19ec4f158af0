import itertools
import re

import pytest

from compliance.identifiers import DDS_ID_PATTERN, RANDOM_BITS, build_identifier, check_character, normalise
from compliance.services import dds_allocate_identifier


def check_holds(identifier: str) -> bool:
    """The identifier's last character is the check character of the rest."""
    body, check = identifier.rsplit("-", 1)
    return check_character(body) == check


def test_generated_identifier_has_the_random_format_and_a_valid_check():
    identifier = build_identifier("PL", 2026)
    assert re.fullmatch(r"DDS-PL-2026(-[0-9A-Z]{5}){3}-[0-9A-Z]", identifier)
    assert DDS_ID_PATTERN.match(identifier)  # the verify endpoint accepts it
    assert check_holds(identifier)


def test_a_simplified_declaration_identifier_has_its_own_prefix_and_the_same_scheme():
    identifier = build_identifier("PL", 2026, prefix="SD")
    assert re.fullmatch(r"SD-PL-2026(-[0-9A-Z]{5}){3}-[0-9A-Z]", identifier)
    assert DDS_ID_PATTERN.match(identifier) and check_holds(identifier)
    assert normalise(identifier.lower()) == identifier
    with pytest.raises(ValueError):
        build_identifier("PL", 2026, prefix="XX")


def test_random_part_has_at_least_60_bits():
    assert RANDOM_BITS >= 60


def test_a_typo_breaks_the_check():
    identifier = build_identifier("PL", 2026)
    body, check = identifier.rsplit("-", 1)
    other = "0" if check != "0" else "1"
    assert not check_holds(f"{body}-{other}")


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


def _random_part(identifier: str) -> str:
    return "".join(identifier.split("-")[3:6])


@pytest.mark.django_db
def test_consecutive_identifiers_share_nothing_but_country_and_year():
    ids = [dds_allocate_identifier(country="PL", year=2026) for _ in range(50)]
    assert len(set(ids)) == 50
    parts = [_random_part(i) for i in ids]
    # No sequence: neighbours differ in most positions, and no part is a neighbour's plus one.
    for a, b in itertools.pairwise(parts):
        assert sum(x == y for x, y in zip(a, b, strict=True)) < 8
    numbers = [int(p, 36) for p in parts]
    assert all(abs(a - b) > 1000 for a, b in itertools.pairwise(numbers))


@pytest.mark.django_db
def test_consecutive_filings_give_unrelated_public_ids(keyed_client, api_client):
    from tests.compliance.test_dds_api import GENERATE, JSON, body

    client = keyed_client("standard")
    first, second = (client.post(GENERATE, body(), format="json", **JSON).json()["dds_id"] for _ in range(2))
    assert check_holds(first) and check_holds(second)
    a, b = _random_part(first), _random_part(second)
    assert sum(x == y for x, y in zip(a, b, strict=True)) < 8
    # The public record carries no counter or internal key that would lead to another id.
    record = api_client.get(f"/api/v1/verify/{second}").json()
    assert set(record) == {
        "dds_id",
        "status",
        "risk_level",
        "operator_name",
        "commodity",
        "country_of_production",
        "verified_at",
        "valid_until",
        "cert_url",
        "operator_identity",
        "document_type",
        "filed_by",
        "mandate",
        "eu_status",
    }
    assert first not in str(record)
