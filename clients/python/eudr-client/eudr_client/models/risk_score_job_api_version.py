from typing import Literal

RiskScoreJobAPIVersion = Literal["1.0", "1.1"]

RISK_SCORE_JOB_API_VERSION_VALUES: set[RiskScoreJobAPIVersion] = {
    "1.0",
    "1.1",
}


def check_risk_score_job_api_version(value: str) -> RiskScoreJobAPIVersion:
    if value in RISK_SCORE_JOB_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_JOB_API_VERSION_VALUES!r}")
