from typing import Literal

RiskScoreBatchAPIVersion = Literal["1.0", "1.1"]

RISK_SCORE_BATCH_API_VERSION_VALUES: set[RiskScoreBatchAPIVersion] = {
    "1.0",
    "1.1",
}


def check_risk_score_batch_api_version(value: str) -> RiskScoreBatchAPIVersion:
    if value in RISK_SCORE_BATCH_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_BATCH_API_VERSION_VALUES!r}")
