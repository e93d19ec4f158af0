from typing import Literal

RiskScoreParcelAPIVersion = Literal["1.0", "1.1"]

RISK_SCORE_PARCEL_API_VERSION_VALUES: set[RiskScoreParcelAPIVersion] = {
    "1.0",
    "1.1",
}


def check_risk_score_parcel_api_version(value: str) -> RiskScoreParcelAPIVersion:
    if value in RISK_SCORE_PARCEL_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_PARCEL_API_VERSION_VALUES!r}")
