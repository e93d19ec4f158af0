"""Which EUDR regime applies to a product, an operator, a country, on a date.

Regulation (EU) 2023/1115 as amended by 2024/3234 and 2025/2650; Annex I as amended
by 2025/2650 and Delegated Regulation (EU) 2026/2102 (rows in `AnnexIEntry`); the
country benchmark of Implementing Regulation (EU) 2025/1093 (rows in
`CountryBenchmark`); the dates of application of Article 38 as each act set them (rows
in `ApplicationDate`). docs/regulation.md explains each rule and its points in doubt.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

from regulation.annex_i import AnnexLine, annex_line_for
from regulation.application_dates import LATER_DATE_FOR_OPERATORS_ONLY, DateRule, application_dates
from regulation.benchmark import benchmark_class
from regulation.commodities import IN_SCOPE_CODES
from regulation.models import ApplicationCategory
from regulation.timber_regulation import (
    OLD_TIMBER_UNDER_ARTICLE_3_PROVISION,
    OUT_OF_SCOPE_PROVISION,
    PRODUCED_BEFORE_OUT_OF_SCOPE,
    TIMBER_REGULATION_KEEPS_OLD_TIMBER_UNTIL,
    TIMBER_REGULATION_TRANSITION_PROVISION,
    covered_by_timber_regulation,
    old_timber_back_under_article_3,
    timber_regulation_governs,
)

# The act every verdict applies, as records and documents name it: Regulation (EU)
# 2023/1115 (OJ L 150, 9.6.2023) as amended by Regulation (EU) 2024/3234 (OJ L,
# 23.12.2024) and Regulation (EU) 2025/2650 (OJ L, 23.12.2025; roles.OJ_2025_2650). The
# dates its obligations apply from are rows of application_dates, not this name.
EUDR_AS_AMENDED = "Regulation (EU) 2023/1115 as amended by Regulations (EU) 2024/3234 and 2025/2650"


class Role(enum.StrEnum):
    OPERATOR = "operator"  # places on the market or exports first: files a DDS
    MICRO_SMALL_PRIMARY_OPERATOR = "micro_small_primary_operator"  # low-risk country producer
    # Buys from an operator: the first downstream operator or trader (Article 5(3) as amended).
    DOWNSTREAM_OPERATOR = "downstream_operator"
    TRADER = "trader"
    # Buys from another downstream operator or trader: keeps partners, no reference numbers.
    LATER_DOWNSTREAM = "later_downstream"


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
    KEEP_UPSTREAM_REFERENCES = "keep_upstream_references"  # and the supplier and customer records
    KEEP_PARTNER_RECORDS = "keep_partner_records"
    # Timber of the Annex to Regulation (EU) No 995/2010 made before 29.6.2023 (Article 37(2)).
    TIMBER_REGULATION = "timber_regulation"
    NONE = "none"


class DueDiligence(enum.StrEnum):
    STANDARD = "standard"  # Articles 9, 10 and 11
    SIMPLIFIED = "simplified"  # Article 13: low-risk country, Article 9 information only


SMALL_SIZES = frozenset({Size.NATURAL_PERSON, Size.MICRO, Size.SMALL})

# The roles Article 38(3)'s later date can reach: operators (Article 2(15) as amended),
# never downstream operators or traders (application_dates.LATER_DATE_FOR_OPERATORS_ONLY).
OPERATOR_ROLES = frozenset({Role.OPERATOR, Role.MICRO_SMALL_PRIMARY_OPERATOR})

# The definition of a micro or small primary operator as amended by Regulation (EU) 2025/2650
# (in force 26.12.2025) also covers an operator above at least two of the three thresholds of
# Article 3(1) or 3(2) of Directive 2013/34/EU that shows the part of its balance sheet total,
# net turnover and average number of employees relating to relevant commodities and products
# does not exceed at least two of them. Read in one secondary source quoting the amended
# definition (silva-pro.sk, 2026, an English rendering); the point's number in Article 2 (15a
# is reported) and the OJ wording are not confirmed here (docs/regulation.md, "Point 7").
SMALL_BY_RELEVANT_FIGURES = (
    "definition of micro or small primary operator in Article 2 of Regulation (EU) 2023/1115 as "
    "amended by Regulation (EU) 2025/2650 (point number not confirmed)"
)


@dataclass(frozen=True)
class Regime:
    in_scope: bool
    annex_line: AnnexLine | None
    obligation: Obligation
    due_diligence: DueDiligence | None
    benchmark: str | None
    applies_from: date | None  # when the obligation applies to this operator
    applies_from_provision: str | None  # the article (as amended) that sets that date
    applies_now: bool  # whether it applies on the date asked about
    notes: tuple[str, ...]


@dataclass(frozen=True)
class ApplicationAnswer:
    applies_from: date
    provision: str
    notes: tuple[str, ...] = ()


def obligations_apply_from(
    *,
    size: Size,
    on: date,
    commodity: str | None = None,
    hs_code: str | None = None,
    established_small_on: date | None = None,
    operator: bool = True,
) -> ApplicationAnswer | None:
    """The date the Regulation's obligations apply to this operator or trader, under the
    act in force on `on`; None before the Regulation was in force.

    The later date (Article 38(3)) is for *operators* only (`LATER_DATE_FOR_OPERATORS_ONLY`):
    a downstream operator or trader (`operator=False`) gets the general date whatever its
    size. Among operators it is for natural persons (where the act names them) and micro and
    small undertakings, each "established as such" by the act's cut-off: without
    `established_small_on` that cannot be decided, and the answer is the general date, which
    is never later than the law's. For a natural person, `established_small_on` is the day it
    began to act as an operator in its own name (for a Polish farmer, the entry in the
    producers' register or the start of the registered business, whichever came first).

    The later date excepts the products of the Annex to Regulation (EU) No 995/2010
    (`regulation.timber_regulation`): a row's `excepted_commodities` names the commodity whose
    products that Annex lists; without `hs_code` every product of it counts as excepted.
    """
    rules = application_dates(on)
    general = rules.get(ApplicationCategory.GENERAL)
    if general is None:
        return None
    small = rules.get(ApplicationCategory.MICRO_SMALL)
    if small is None or size not in SMALL_SIZES:
        return _answer(general)
    if not operator:
        return _answer(
            general,
            f"The later date ({small.applies_from.isoformat()}) is for operators only "
            f"({LATER_DATE_FOR_OPERATORS_ONLY}); a downstream operator or trader of any size has the "
            "general date.",
        )
    if _excepted_from_later_date(small, commodity=commodity, hs_code=hs_code):
        covered = f"HS {hs_code}" if hs_code else f"{commodity} products"
        return _answer(
            general,
            f"The later date ({small.applies_from.isoformat()}, {small.provision}) does not cover "
            f"{covered}, products of the Annex to Regulation (EU) No 995/2010: the general date applies.",
        )
    who = (
        "natural persons"
        if size is Size.NATURAL_PERSON and small.natural_persons
        else "micro and small undertakings"
    )
    if small.established_by is None:
        return _answer(small)
    cutoff = small.established_by.isoformat()
    if established_small_on is None:
        return _answer(
            general,
            f"The later date ({small.applies_from.isoformat()}) is for {who} established as such by "
            f"{cutoff}; when this one was is not known, so the general date is given.",
        )
    if established_small_on <= small.established_by:
        return _answer(small)
    return _answer(
        general,
        f"Established on {established_small_on.isoformat()}, after {cutoff}, the cut-off for {who}: "
        "the general date applies.",
    )


def _excepted_from_later_date(small: DateRule, *, commodity: str | None, hs_code: str | None) -> bool:
    if commodity is None or commodity not in small.excepted_commodities:
        return False
    return hs_code is None or covered_by_timber_regulation(hs_code)


def _answer(rule: DateRule, *notes: str) -> ApplicationAnswer:
    return ApplicationAnswer(rule.applies_from, rule.provision, notes)


def regime_for(
    *,
    commodity: str,
    hs_code: str,
    role: Role,
    size: Size,
    country_code: str,
    on: date,
    established_small_on: date | None = None,
    produced_on: date | None = None,
    relevant_figures_within_small_thresholds: bool = False,
) -> Regime:
    """The regime for one product line of one operator, on one date.

    `established_small_on`: when a natural person or a micro or small undertaking was
    established as such, which decides whether the later date of application is open to
    it; None if not known.
    `produced_on`: when the product was produced, if known; a product produced before
    the Regulation entered into force is outside it, and wood of the Timber Regulation's
    Annex stays under that Regulation for a transitional period and under Article 3 of this
    one after it (`regulation.timber_regulation`).
    `relevant_figures_within_small_thresholds`: a medium or large undertaking says the part
    of its balance sheet, turnover and staff relating to relevant commodities and products
    stays within the small-undertaking thresholds (`SMALL_BY_RELEVANT_FIGURES`): it may then
    be a micro or small primary operator; the date of application stays its size's.
    """
    country_class = benchmark_class(country_code.upper(), on)
    if commodity not in IN_SCOPE_CODES:
        return _out_of_scope(country_class, f"{commodity} is not a relevant commodity (Article 2(1)).")
    notes: list[str] = []
    if produced_on is not None and produced_on < PRODUCED_BEFORE_OUT_OF_SCOPE:
        if not old_timber_back_under_article_3(commodity, hs_code, produced_on=produced_on, on=on):
            return _made_before_the_regulation(
                country_class, commodity, hs_code, produced_on=produced_on, on=on
            )
        notes.append(
            f"Produced on {produced_on.isoformat()}, before {PRODUCED_BEFORE_OUT_OF_SCOPE.isoformat()}, "
            f"but placed on the market after {TIMBER_REGULATION_KEEPS_OLD_TIMBER_UNTIL.isoformat()}: "
            f"Article 3 of Regulation (EU) 2023/1115 applies to it ({OLD_TIMBER_UNDER_ARTICLE_3_PROVISION})."
        )
    line = annex_line_for(commodity=commodity, hs_code=hs_code, on=on)
    if line is None:
        return _out_of_scope(
            country_class, f"HS {hs_code} is not in Annex I for {commodity} on {on.isoformat()}."
        )
    starts = obligations_apply_from(
        size=size,
        on=on,
        commodity=commodity,
        hs_code=hs_code,
        established_small_on=established_small_on,
        operator=role in OPERATOR_ROLES,
    )
    if starts is None:
        notes.append(f"Regulation (EU) 2023/1115 was not in force on {on.isoformat()}.")
    else:
        notes.extend(starts.notes)
    low = country_class == "low"
    kind: DueDiligence | None = DueDiligence.SIMPLIFIED if low else DueDiligence.STANDARD
    if role is Role.MICRO_SMALL_PRIMARY_OPERATOR:
        small_by_figures = relevant_figures_within_small_thresholds and size not in SMALL_SIZES
        if low and (size in SMALL_SIZES or small_by_figures):
            obligation = Obligation.SIMPLIFIED_DECLARATION
            notes.append("One-time simplified declaration; the land may be given as a cadastral identifier.")
            if small_by_figures:
                notes.append(
                    "A micro or small primary operator by its figures relating to relevant commodities and "
                    f"products ({SMALL_BY_RELEVANT_FIGURES}); it keeps the general date of application."
                )
        else:
            obligation = Obligation.DDS
            notes.append(
                "The micro or small primary operator regime needs a micro or small operator "
                "producing in a low-risk country; this one files a due diligence statement."
            )
    elif role is Role.OPERATOR:
        obligation = Obligation.DDS
    elif role is Role.LATER_DOWNSTREAM:
        obligation = Obligation.KEEP_PARTNER_RECORDS
        kind = None
        notes.append(
            "No statement of its own and no reference numbers: keep the name, postal address and e-mail "
            "of each supplier and customer for five years (Article 5(3) and (4) as amended)."
        )
    else:
        obligation = Obligation.KEEP_UPSTREAM_REFERENCES
        kind = None
        notes.append(
            "No statement of its own: as the first downstream operator or trader, keep the "
            "statement reference numbers or declaration identifiers received from the operator, "
            "and each supplier's and customer's name, postal address and e-mail, for five years "
            "(Article 5(3) and (4) as amended)."
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
        applies_from=starts.applies_from if starts else None,
        applies_from_provision=starts.provision if starts else None,
        applies_now=starts is not None and on >= starts.applies_from,
        notes=tuple(notes),
    )


def _made_before_the_regulation(
    country_class: str | None, commodity: str, hs_code: str, *, produced_on: date, on: date
) -> Regime:
    made = f"Produced on {produced_on.isoformat()}, before {PRODUCED_BEFORE_OUT_OF_SCOPE.isoformat()}"
    if commodity == "wood" and timber_regulation_governs(hs_code, produced_on=produced_on, on=on):
        until = TIMBER_REGULATION_KEEPS_OLD_TIMBER_UNTIL.isoformat()
        return Regime(
            in_scope=False,
            annex_line=None,
            obligation=Obligation.TIMBER_REGULATION,
            due_diligence=None,
            benchmark=country_class,
            applies_from=None,
            applies_from_provision=TIMBER_REGULATION_TRANSITION_PROVISION,
            applies_now=True,
            notes=(
                f"{made}: Regulation (EU) No 995/2010 (the Timber Regulation) still governs this timber "
                f"product until {until} ({TIMBER_REGULATION_TRANSITION_PROVISION}); no due diligence "
                "statement under Regulation (EU) 2023/1115.",
            ),
        )
    return _out_of_scope(
        country_class, f"{made}: Regulation (EU) 2023/1115 does not apply to it ({OUT_OF_SCOPE_PROVISION})."
    )


def _out_of_scope(country_class: str | None, why: str) -> Regime:
    return Regime(
        in_scope=False,
        annex_line=None,
        obligation=Obligation.NONE,
        due_diligence=None,
        benchmark=country_class,
        applies_from=None,
        applies_from_provision=None,
        applies_now=False,
        notes=(why,),
    )
