"""Which CSRD wave and reporting standard apply to the reporting company.

Directive (EU) 2022/2464 (CSRD) as amended by Directive (EU) 2025/794 ("stop-the-clock",
OJ L, 16.4.2025, in force 17.4.2025) and Directive (EU) 2026/470 (OJ L, 26.2.2026, scope
and value-chain cap). Every threshold below is a named constant with its source; the
points we could not confirm are listed in docs/csrd-report.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Directive (EU) 2026/470: mandatory reporting only for undertakings exceeding both.
SCOPE_EMPLOYEES_ABOVE = 1000  # average employees in the financial year, "more than"
SCOPE_TURNOVER_ABOVE_EUR = 450_000_000  # net turnover, "more than"
SOURCE_SCOPE = "Directive (EU) 2026/470 (OJ L, 26.2.2026), amending Directive 2013/34/EU"
# Directive (EU) 2026/470: value-chain cap. Undertakings with up to this many employees
# are protected: reporting undertakings may not ask them for more than the voluntary
# standard (VSME) sets out.
VALUE_CHAIN_CAP_EMPLOYEES = 1000
# Directive (EU) 2022/2464, Article 5(2)(a): wave 1, public-interest entities with more
# than 500 employees, report from financial year 2024 (unchanged by 2025/794).
WAVE_1_EMPLOYEES_ABOVE = 500
WAVE_1_FIRST_YEAR = 2024
SOURCE_WAVE_1 = "Directive (EU) 2022/2464, Article 5(2)(a)"
# Directive (EU) 2025/794, Article 1: wave 2 (other large undertakings) from financial
# year 2027, wave 3 (listed SMEs) from financial year 2028, both two years later.
WAVE_2_FIRST_YEAR = 2027
WAVE_3_FIRST_YEAR = 2028
SOURCE_STOP_THE_CLOCK = "Directive (EU) 2025/794 (OJ L, 16.4.2025), Article 1"
ESRS = "ESRS (Delegated Regulation (EU) 2023/2772, as simplified under Directive (EU) 2026/470)"
VSME = (
    "VSME, the voluntary standard for non-listed SMEs (EFRAG, December 2024; Commission Recommendation 2025)"
)


@dataclass(frozen=True)
class CsrdApplicability:
    status: str  # "in_scope", "out_of_scope", "undetermined"
    wave: int | None
    first_year: int | None
    standard: str | None
    required_for_report_year: bool | None
    value_chain_cap: bool | None  # a protected undertaking under the value-chain cap
    reasons: tuple[str, ...] = field(default=())
    missing: tuple[str, ...] = field(default=())


def csrd_applicability(
    *,
    report_year: int,
    employees: int | None = None,
    turnover_eur: float | None = None,
    listed: bool | None = None,
) -> CsrdApplicability:
    """The company's CSRD position from the figures the request gave; undetermined without them."""
    missing = tuple(
        name for name, value in (("employees", employees), ("turnover_eur", turnover_eur)) if value is None
    )
    if employees is None or turnover_eur is None:
        return CsrdApplicability("undetermined", None, None, None, None, None, (), missing)
    protected = employees <= VALUE_CHAIN_CAP_EMPLOYEES
    if employees > SCOPE_EMPLOYEES_ABOVE and turnover_eur > SCOPE_TURNOVER_ABOVE_EUR:
        if listed and employees > WAVE_1_EMPLOYEES_ABOVE:
            wave, first, why = 1, WAVE_1_FIRST_YEAR, SOURCE_WAVE_1
        else:
            wave, first, why = 2, WAVE_2_FIRST_YEAR, SOURCE_STOP_THE_CLOCK
        return CsrdApplicability(
            "in_scope",
            wave,
            first,
            ESRS,
            report_year >= first,
            protected,
            (SOURCE_SCOPE, why),
        )
    reasons = [SOURCE_SCOPE]
    if listed:
        # 2025/794 had moved listed SMEs (wave 3) to FY2028; 2026/470 took them out of scope.
        reasons.append(SOURCE_STOP_THE_CLOCK)
    return CsrdApplicability("out_of_scope", None, None, VSME, False, protected, tuple(reasons))
