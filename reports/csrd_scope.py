"""Which CSRD wave and reporting standard apply to the reporting company, for the report's year.

Directive (EU) 2022/2464 (CSRD) as amended by Directive (EU) 2025/794 ("stop-the-clock",
OJ L, 16.4.2025, in force 17.4.2025) and Directive (EU) 2026/470 (OJ L, 26.2.2026, in force
18.3.2026: scope and value-chain cap). The rule that decides depends on the financial year
(named by the calendar year it starts in): each rule below names the years it governs and
its source. The points we could not confirm are listed in docs/csrd-report.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_noop


@dataclass(frozen=True)
class YearRule:
    """A rule of the CSRD and the financial years it governs (last_year inclusive, None: open)."""

    first_year: int
    last_year: int | None
    source: str

    def governs(self, year: int) -> bool:
        return self.first_year <= year and (self.last_year is None or year <= self.last_year)


# Directive (EU) 2022/2464, Article 5(2)(a), as 2026/470 left it: for financial years starting
# in 2024, 2025 and 2026, public-interest entities that are large undertakings with more than
# 500 employees (the first wave, formerly under the NFRD) report.
WAVE_1 = YearRule(
    2024,
    2026,
    "Directive (EU) 2022/2464, Article 5(2)(a); Directive 2013/34/EU, Articles 3(4) and 19a(1) "
    "before Directive (EU) 2026/470",
)
WAVE_1_EMPLOYEES_ABOVE = 500
WAVE_1_FIRST_YEAR = WAVE_1.first_year
SOURCE_WAVE_1 = WAVE_1.source
# Directive 2013/34/EU, Article 3(4), with the amounts of Delegated Directive (EU) 2023/2775
# (financial years from 2024): a large undertaking exceeds at least two of these on its
# balance sheet date.
LARGE_BALANCE_SHEET_ABOVE_EUR = 25_000_000
LARGE_TURNOVER_ABOVE_EUR = 50_000_000
LARGE_EMPLOYEES_ABOVE = 250
# Directive (EU) 2022/2464, Article 5(2), fifth subparagraph, inserted by 2026/470: Member
# States may exempt first-wave undertakings that do not exceed the new thresholds for the
# financial years starting in 2025 and 2026. National law decides; the report says so.
MEMBER_STATE_EXEMPTION = YearRule(
    2025,
    2026,
    "Directive (EU) 2022/2464, Article 5(2), fifth subparagraph, as amended by Directive (EU) 2026/470",
)
# Directive 2013/34/EU, Article 19a(1) as amended by Directive (EU) 2026/470, for financial
# years starting on or after 1 January 2027 (Directive (EU) 2022/2464, Article 5(2)(b)):
# mandatory reporting only for undertakings exceeding both.
THRESHOLDS_2026_470 = YearRule(
    2027,
    None,
    "Directive (EU) 2026/470 (OJ L, 26.2.2026), amending Directive 2013/34/EU, Article 19a(1); "
    "from financial years starting on or after 1 January 2027",
)
SCOPE_EMPLOYEES_ABOVE = 1000  # average employees in the financial year, "more than"
SCOPE_TURNOVER_ABOVE_EUR = 450_000_000  # net turnover, "more than"
SOURCE_SCOPE = THRESHOLDS_2026_470.source
# Directive (EU) 2026/470 (Directive 2013/34/EU, Article 29ca): value-chain cap. From
# financial year 2027, undertakings with up to this many employees are protected:
# reporting undertakings may not ask them for more than the voluntary standard sets out.
VALUE_CHAIN_CAP = YearRule(
    2027, None, "Directive 2013/34/EU, Article 29ca, inserted by Directive (EU) 2026/470"
)
VALUE_CHAIN_CAP_EMPLOYEES = 1000
# Directive (EU) 2025/794, Article 1: wave 2 (other large undertakings) from financial year
# 2027 and wave 3 (listed SMEs) from financial year 2028, both two years later than the
# CSRD had set; 2026/470 then kept wave 2's year for the new thresholds and removed wave 3.
WAVE_2_FIRST_YEAR = THRESHOLDS_2026_470.first_year
WAVE_3_FIRST_YEAR = 2028
SOURCE_STOP_THE_CLOCK = "Directive (EU) 2025/794 (OJ L, 16.4.2025), Article 1"


@dataclass(frozen=True)
class Standard:
    """A reporting standard: its name (a gettext msgid, translated by the report), the act and
    provision that lay it down, and the financial years it governs (None: not bound to a year)."""

    key: str
    name: str
    source: str
    first_year: int | None
    last_year: int | None

    def governs(self, year: int) -> bool:
        return (self.first_year is None or self.first_year <= year) and (
            self.last_year is None or year <= self.last_year
        )


# The first set of ESRS, for the first wave's financial years 2024 to 2026. Delegated Regulation
# (EU) 2025/1416 (the "quick fix") postponed phased-in disclosures for those undertakings.
ESRS_FIRST_SET = Standard(
    "esrs_2023_2772",
    gettext_noop(
        "ESRS (Delegated Regulation (EU) 2023/2772 as amended by Delegated Regulation (EU) 2025/1416)"
    ),
    "Delegated Regulation (EU) 2023/2772 (OJ L, 22.12.2023), Annexes I and II, as amended by Delegated "
    "Regulation (EU) 2025/1416 of 11 July 2025 (OJ L, 10.11.2025)",
    2024,
    2026,
)
# The revised (simplified) ESRS: Delegated Regulation (EU) 2026/1563 replaces the annexes of
# 2023/2772; its Article 3 applies them to financial years beginning on or after 1 January 2027.
ESRS_REVISED = Standard(
    "esrs_2026_1563",
    gettext_noop("ESRS as revised by Delegated Regulation (EU) 2026/1563"),
    "Delegated Regulation (EU) 2026/1563 of 3 July 2026 (OJ L, 21.9.2026), Article 3: financial years "
    "beginning on or after 1 January 2027",
    2027,
    None,
)
# For financial years starting in 2026 an undertaking may apply either set and says which
# (Delegated Regulation (EU) 2026/1563, Article 2).
REVISED_ESRS_OPTION = YearRule(2026, 2026, "Delegated Regulation (EU) 2026/1563, Article 2")
# The voluntary standard, not bound to a financial year: the act in force when the report is made.
# It replaced Commission Recommendation (EU) 2025/1710 (the VSME of EFRAG, December 2024).
VSME = Standard(
    "vsme_2026_1560",
    gettext_noop("VSME, the voluntary standard of Delegated Regulation (EU) 2026/1560"),
    "Delegated Regulation (EU) 2026/1560 of 3 July 2026 (OJ L, 21.9.2026, in force 24.9.2026), Annex I; "
    "it replaces Commission Recommendation (EU) 2025/1710",
    None,
    None,
)
MANDATORY_STANDARDS = (ESRS_FIRST_SET, ESRS_REVISED)


def esrs_for(year: int) -> Standard:
    """The ESRS that govern a sustainability statement for the financial year `year` (2024 on)."""
    return next(s for s in MANDATORY_STANDARDS if s.governs(year))


@dataclass(frozen=True)
class CsrdApplicability:
    status: str  # "in_scope", "out_of_scope", "undetermined"
    wave: int | None
    first_year: int | None
    standard: Standard | None
    required_for_report_year: bool | None
    value_chain_cap: bool | None  # a protected undertaking under the value-chain cap
    reasons: tuple[str, ...] = field(default=())
    missing: tuple[str, ...] = field(default=())
    # Codes of what else the report says: "member_state_may_exempt", "leaves_scope",
    # "listed_sme", "before_csrd", "revised_esrs_option".
    notes: tuple[str, ...] = field(default=())


def large_undertaking(*, employees: int, turnover_eur: float, balance_sheet_eur: float | None) -> bool | None:
    """Exceeds at least two of the three Article 3(4) criteria; None when the balance sheet decides
    and was not given."""
    known = [employees > LARGE_EMPLOYEES_ABOVE, turnover_eur > LARGE_TURNOVER_ABOVE_EUR]
    if balance_sheet_eur is not None:
        known.append(balance_sheet_eur > LARGE_BALANCE_SHEET_ABOVE_EUR)
        return sum(known) >= 2
    if all(known):
        return True
    return None if any(known) else False


def csrd_applicability(
    *,
    report_year: int,
    employees: int | None = None,
    turnover_eur: float | None = None,
    listed: bool | None = None,
    balance_sheet_eur: float | None = None,
) -> CsrdApplicability:
    """The company's CSRD position for `report_year` from the figures the request gave;
    undetermined without the figures the year's rule needs."""
    missing = tuple(
        name for name, value in (("employees", employees), ("turnover_eur", turnover_eur)) if value is None
    )
    if employees is None or turnover_eur is None:
        return CsrdApplicability("undetermined", None, None, None, None, None, (), missing)
    protected = VALUE_CHAIN_CAP.governs(report_year) and employees <= VALUE_CHAIN_CAP_EMPLOYEES
    exceeds_new = employees > SCOPE_EMPLOYEES_ABOVE and turnover_eur > SCOPE_TURNOVER_ABOVE_EUR
    large = large_undertaking(
        employees=employees, turnover_eur=turnover_eur, balance_sheet_eur=balance_sheet_eur
    )
    # `listed` stands in for "public-interest entity" (docs/csrd-report.md says what it misses).
    first_wave = large if listed and employees > WAVE_1_EMPLOYEES_ABOVE else False
    if report_year < WAVE_1.first_year:
        return CsrdApplicability(
            "out_of_scope", None, None, None, False, False, (SOURCE_WAVE_1,), notes=("before_csrd",)
        )
    if WAVE_1.governs(report_year):
        if first_wave is None:
            return CsrdApplicability(
                "undetermined", None, None, None, None, None, (SOURCE_WAVE_1,), ("balance_sheet_eur",)
            )
        if first_wave:
            exempt = MEMBER_STATE_EXEMPTION.governs(report_year) and not exceeds_new
            notes = ("member_state_may_exempt", "leaves_scope") if exempt else ()
            if REVISED_ESRS_OPTION.governs(report_year):
                notes += ("revised_esrs_option",)
            return CsrdApplicability(
                "in_scope",
                1,
                WAVE_1.first_year,
                esrs_for(report_year),
                True,
                protected,
                (SOURCE_WAVE_1, MEMBER_STATE_EXEMPTION.source) if exempt else (SOURCE_WAVE_1,),
                notes=notes,
            )
    if exceeds_new:
        wave = 1 if first_wave else 2
        first = WAVE_1.first_year if wave == 1 else THRESHOLDS_2026_470.first_year
        return CsrdApplicability(
            "in_scope",
            wave,
            first,
            # A company not yet required reports first under the standard of its first year.
            esrs_for(max(report_year, first)),
            report_year >= first,
            protected,
            (SOURCE_SCOPE, SOURCE_WAVE_1 if wave == 1 else SOURCE_STOP_THE_CLOCK),
        )
    reasons = [SOURCE_WAVE_1, SOURCE_SCOPE] if WAVE_1.governs(report_year) else [SOURCE_SCOPE]
    notes = ["leaves_scope"] if first_wave else []
    if listed and large is False:
        # 2025/794 had moved listed SMEs (wave 3) to FY2028; 2026/470 took them out of scope.
        reasons.append(SOURCE_STOP_THE_CLOCK)
        notes.append("listed_sme")
    return CsrdApplicability(
        "out_of_scope", None, None, VSME, False, protected, tuple(reasons), notes=tuple(notes)
    )
