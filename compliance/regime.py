"""Which EUDR regime applies to a product, an operator, a country, on a date.

Regulation (EU) 2023/1115 as amended by 2024/3234 and 2025/2650; Annex I as amended
by 2025/2650 and Delegated Regulation (EU) 2026/2102 (rows in `AnnexIEntry`); the
country benchmark of Implementing Regulation (EU) 2025/1093 (rows in
`CountryBenchmark`). docs/regulation.md explains each rule and its points in doubt.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

from risk.annex_i import AnnexLine, annex_line_for
from risk.commodities import IN_SCOPE_CODES
from risk.service import benchmark_class

# Article 38(2) as amended by Regulation (EU) 2025/2650 (OJ L, 23.12.2025): the
# obligations apply from this date.
APPLICATION_DATE = date(2026, 12, 30)
# Article 38(3) as amended by 2025/2650: natural persons, and micro and small
# undertakings established as such by SMALL_ESTABLISHED_BY, from this date.
SMALL_APPLICATION_DATE = date(2027, 6, 30)
SMALL_ESTABLISHED_BY = date(2024, 12, 31)
SOURCE_DATES = "Regulation (EU) 2023/1115, Article 38, as amended by Regulation (EU) 2025/2650"


class Role(enum.StrEnum):
    OPERATOR = "operator"  # places on the market or exports first: files a DDS
    MICRO_SMALL_PRIMARY_OPERATOR = "micro_small_primary_operator"  # low-risk country producer
    DOWNSTREAM_OPERATOR = "downstream_operator"
    TRADER = "trader"


class Size(enum.StrEnum):
    """Article 3 of Directive 2013/34/EU; natural persons are named apart by 2025/2650."""

    NATURAL_PERSON = "natural_person"
    MICRO = "micro"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


class Obligation(enum.StrEnum):
    DDS = "dds"
    SIMPLIFIED_DECLARATION = "simplified_declaration"
    KEEP_UPSTREAM_REFERENCES = "keep_upstream_references"
    NONE = "none"


class DueDiligence(enum.StrEnum):
    STANDARD = "standard"  # Articles 9, 10 and 11
    SIMPLIFIED = "simplified"  # Article 13: low-risk country, Article 9 information only


@dataclass(frozen=True)
class Regime:
    in_scope: bool
    annex_line: AnnexLine | None
    obligation: Obligation
    due_diligence: DueDiligence | None
    benchmark: str | None
    applies_from: date | None  # when the obligation applies to this operator
    applies_now: bool  # whether it applies on the date asked about
    notes: tuple[str, ...]


def obligations_apply_from(*, size: Size, established_small_by_cutoff: bool) -> date:
    """The date the Regulation's obligations apply to this operator or trader."""
    if size is Size.NATURAL_PERSON:
        return SMALL_APPLICATION_DATE
    if size in (Size.MICRO, Size.SMALL) and established_small_by_cutoff:
        return SMALL_APPLICATION_DATE
    return APPLICATION_DATE


def regime_for(
    *,
    commodity: str,
    hs_code: str,
    role: Role,
    size: Size,
    country_code: str,
    on: date,
    established_small_by_cutoff: bool = True,
) -> Regime:
    """The regime for one product line of one operator, on one date."""
    country_class = benchmark_class(country_code.upper(), on)
    if commodity not in IN_SCOPE_CODES:
        return _out_of_scope(country_class, f"{commodity} is not a relevant commodity (Article 2(1)).")
    line = annex_line_for(commodity=commodity, hs_code=hs_code, on=on)
    if line is None:
        return _out_of_scope(
            country_class, f"HS {hs_code} is not in Annex I for {commodity} on {on.isoformat()}."
        )
    starts = obligations_apply_from(size=size, established_small_by_cutoff=established_small_by_cutoff)
    notes: list[str] = []
    low = country_class == "low"
    kind: DueDiligence | None = DueDiligence.SIMPLIFIED if low else DueDiligence.STANDARD
    if role is Role.MICRO_SMALL_PRIMARY_OPERATOR:
        if low and size in (Size.NATURAL_PERSON, Size.MICRO, Size.SMALL):
            obligation = Obligation.SIMPLIFIED_DECLARATION
            notes.append("One-time simplified declaration; the land may be given as a cadastral identifier.")
        else:
            obligation = Obligation.DDS
            notes.append(
                "The micro or small primary operator regime needs a micro or small operator "
                "producing in a low-risk country; this one files a due diligence statement."
            )
    elif role is Role.OPERATOR:
        obligation = Obligation.DDS
    else:
        obligation = Obligation.KEEP_UPSTREAM_REFERENCES
        kind = None
        notes.append(
            "No statement of its own: collect and keep the upstream reference and verification numbers."
        )
    if kind is DueDiligence.SIMPLIFIED:
        notes.append(
            "Article 13: simplified due diligence unless information shows a risk of non-compliance."
        )
    return Regime(
        in_scope=True,
        annex_line=line,
        obligation=obligation,
        due_diligence=kind,
        benchmark=country_class,
        applies_from=starts,
        applies_now=on >= starts,
        notes=tuple(notes),
    )


def _out_of_scope(country_class: str | None, why: str) -> Regime:
    return Regime(
        in_scope=False,
        annex_line=None,
        obligation=Obligation.NONE,
        due_diligence=None,
        benchmark=country_class,
        applies_from=None,
        applies_now=False,
        notes=(why,),
    )
