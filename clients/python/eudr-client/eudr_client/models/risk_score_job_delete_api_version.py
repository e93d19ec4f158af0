from typing import Literal

RiskScoreJobDeleteAPIVersion = Literal["1.0", "1.1"]

RISK_SCORE_JOB_DELETE_API_VERSION_VALUES: set[RiskScoreJobDeleteAPIVersion] = {
    "1.0",
    "1.1",
}


def check_risk_score_job_delete_api_version(value: str) -> RiskScoreJobDeleteAPIVersion:
    if value in RISK_SCORE_JOB_DELETE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_JOB_DELETE_API_VERSION_VALUES!r}")
