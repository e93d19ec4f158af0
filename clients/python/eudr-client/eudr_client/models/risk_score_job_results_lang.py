from typing import Literal

RiskScoreJobResultsLang = Literal["en", "pl"]

RISK_SCORE_JOB_RESULTS_LANG_VALUES: set[RiskScoreJobResultsLang] = {
    "en",
    "pl",
}


def check_risk_score_job_results_lang(value: str) -> RiskScoreJobResultsLang:
    if value in RISK_SCORE_JOB_RESULTS_LANG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_SCORE_JOB_RESULTS_LANG_VALUES!r}")
