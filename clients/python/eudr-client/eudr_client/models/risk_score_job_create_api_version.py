from typing import Literal

RiskScoreJobCreateAPIVersion = Literal["1.0", "1.1"]

RISK_SCORE_JOB_CREATE_API_VERSION_VALUES: set[RiskScoreJobCreateAPIVersion] = {
    "1.0",
    "1.1",
}


def check_risk_score_job_create_api_version(value: str) -> RiskScoreJobCreateAPIVersion:
    if value in RISK_SCORE_JOB_CREATE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_JOB_CREATE_API_VERSION_VALUES!r}")
