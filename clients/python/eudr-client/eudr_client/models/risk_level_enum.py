from typing import Literal

RiskLevelEnum = Literal["critical", "high", "low", "medium"]

RISK_LEVEL_ENUM_VALUES: set[RiskLevelEnum] = {
    "critical",
    "high",
    "low",
    "medium",
}


def check_risk_level_enum(value: str) -> RiskLevelEnum:
    if value in RISK_LEVEL_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_LEVEL_ENUM_VALUES!r}")
