from typing import Literal

RiskJobOutStatusEnum = Literal["cancelled", "done", "queued", "running"]

RISK_JOB_OUT_STATUS_ENUM_VALUES: set[RiskJobOutStatusEnum] = {
    "cancelled",
    "done",
    "queued",
    "running",
}


def check_risk_job_out_status_enum(value: str) -> RiskJobOutStatusEnum:
    if value in RISK_JOB_OUT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISK_JOB_OUT_STATUS_ENUM_VALUES!r}")
