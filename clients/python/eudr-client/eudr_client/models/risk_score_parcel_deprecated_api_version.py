from typing import Literal

RiskScoreParcelDeprecatedAPIVersion = Literal["1.0", "1.1"]

RISK_SCORE_PARCEL_DEPRECATED_API_VERSION_VALUES: set[RiskScoreParcelDeprecatedAPIVersion] = {
    "1.0",
    "1.1",
}


def check_risk_score_parcel_deprecated_api_version(value: str) -> RiskScoreParcelDeprecatedAPIVersion:
    if value in RISK_SCORE_PARCEL_DEPRECATED_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_PARCEL_DEPRECATED_API_VERSION_VALUES!r}")
