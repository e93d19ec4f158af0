from typing import Literal

RiskScoreLocationAPIVersion = Literal["1.0", "1.1"]

RISK_SCORE_LOCATION_API_VERSION_VALUES: set[RiskScoreLocationAPIVersion] = {
    "1.0",
    "1.1",
}


def check_risk_score_location_api_version(value: str) -> RiskScoreLocationAPIVersion:
    if value in RISK_SCORE_LOCATION_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_LOCATION_API_VERSION_VALUES!r}")
