"""The EU Information System's size limits of one statement, measured before anything is sent.

The EU refuses a statement over any of these (OPS 10.3, "API and UI validation
rules"; OPS 2.4 for the geolocation size), but only after the upload. We measure a
statement twice: the filing body, so the caller gets a 400 at once
(`compliance.filing_serializers`), and the V3 shape built for the EU, whose parcel
geometries are known only after the ULDK lookups (`statement_breaches`).

The EU documents no way to split an over-large statement into linked statements
(grouping, OPS 4.1.2, joins statements that each passed on their own), so we refuse
and say which limit and by how much; the caller files several statements.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euis.contract import (
    COMMODITIES_PER_STATEMENT_BUSINESS_MAX,
    GEOLOCATION_BYTES_MAX,
    GROUPED_DECLARATIONS_MAX,
    PRODUCERS_PER_COMMODITY_MAX,
    PRODUCERS_PER_STATEMENT_MAX,
    SPECIES_PER_COMMODITY_MAX,
)
from euis.shapes import DdsStatement, SdStatement


@dataclass(frozen=True)
class EuLimit:
    code: str
    maximum: int
    what: str
    source: str


COMMODITIES = EuLimit(
    "commodities_per_statement",
    COMMODITIES_PER_STATEMENT_BUSINESS_MAX,
    "commodities in a statement",
    "OPS 10.3",
)
PRODUCERS_PER_COMMODITY = EuLimit(
    "producers_per_commodity", PRODUCERS_PER_COMMODITY_MAX, "producers of one commodity", "OPS 10.3"
)
PRODUCERS = EuLimit(
    "producers_per_statement", PRODUCERS_PER_STATEMENT_MAX, "producers in a statement", "OPS 10.3"
)
SPECIES = EuLimit("species_per_commodity", SPECIES_PER_COMMODITY_MAX, "species of one commodity", "OPS 10.3")
GROUPED = EuLimit(
    "referenced_statements", GROUPED_DECLARATIONS_MAX, "referenced statements", "OPS 10.3; XSD 8.2.1"
)
GEOLOCATION = EuLimit(
    "geolocation_bytes", GEOLOCATION_BYTES_MAX, "bytes of geolocation in a statement", "OPS 2.4, 10.3"
)


@dataclass(frozen=True)
class LimitBreach:
    limit: EuLimit
    measured: int
    where: str = ""  # e.g. "commodities[3]" for a per-commodity limit

    def message(self) -> str:
        at = f" ({self.where})" if self.where else ""
        return (
            f"The EU Information System accepts at most {self.limit.maximum} {self.limit.what} "
            f"({self.limit.source}); this statement has {self.measured}{at}."
        )


def breaches(
    *,
    producers_per_commodity: Sequence[int],
    species_per_commodity: Sequence[int] = (),
    geolocation_bytes: int = 0,
    referenced_statements: int = 0,
) -> list[LimitBreach]:
    """Every limit a statement of these counts breaks; one entry per commodity line counted."""
    found = []
    if len(producers_per_commodity) > COMMODITIES.maximum:
        found.append(LimitBreach(COMMODITIES, len(producers_per_commodity)))
    for index, count in enumerate(producers_per_commodity):
        if count > PRODUCERS_PER_COMMODITY.maximum:
            found.append(LimitBreach(PRODUCERS_PER_COMMODITY, count, f"commodities[{index}]"))
    for index, count in enumerate(species_per_commodity):
        if count > SPECIES.maximum:
            found.append(LimitBreach(SPECIES, count, f"commodities[{index}]"))
    if sum(producers_per_commodity) > PRODUCERS.maximum:
        found.append(LimitBreach(PRODUCERS, sum(producers_per_commodity)))
    if geolocation_bytes > GEOLOCATION.maximum:
        found.append(LimitBreach(GEOLOCATION, geolocation_bytes))
    if referenced_statements > GROUPED.maximum:
        found.append(LimitBreach(GROUPED, referenced_statements))
    return found


def statement_breaches(statement: DdsStatement | SdStatement) -> list[LimitBreach]:
    """The limits a V3 statement, as it would be sent, breaks. The geolocation is counted
    as the GeoJSON the EU stores (before Base64), as OPS 2.4 states the 25 MB."""
    geolocation = 0
    for commodity in statement.commodities:
        for producer in commodity.producers:
            geolocation += len(producer.geojson or b"")
    return breaches(
        producers_per_commodity=[len(c.producers) for c in statement.commodities],
        species_per_commodity=[len(getattr(c, "species", ())) for c in statement.commodities],
        geolocation_bytes=geolocation,
        referenced_statements=len(statement.grouped_declarations),
    )
