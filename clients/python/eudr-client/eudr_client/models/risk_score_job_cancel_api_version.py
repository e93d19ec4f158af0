from typing import Literal

RiskScoreJobCancelAPIVersion = Literal["1.0", "1.1"]

RISK_SCORE_JOB_CANCEL_API_VERSION_VALUES: set[RiskScoreJobCancelAPIVersion] = {
    "1.0",
    "1.1",
}


def check_risk_score_job_cancel_api_version(value: str) -> RiskScoreJobCancelAPIVersion:
    if value in RISK_SCORE_JOB_CANCEL_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_JOB_CANCEL_API_VERSION_VALUES!r}")
