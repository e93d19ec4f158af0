from typing import Literal

RiskScoreJobResultsAPIVersion = Literal["1.0", "1.1"]

RISK_SCORE_JOB_RESULTS_API_VERSION_VALUES: set[RiskScoreJobResultsAPIVersion] = {
    "1.0",
    "1.1",
}


def check_risk_score_job_results_api_version(value: str) -> RiskScoreJobResultsAPIVersion:
    if value in RISK_SCORE_JOB_RESULTS_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_JOB_RESULTS_API_VERSION_VALUES!r}")
