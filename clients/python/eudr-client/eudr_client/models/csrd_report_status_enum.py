from typing import Literal

CsrdReportStatusEnum = Literal["done", "expired", "failed", "queued", "rendering"]

CSRD_REPORT_STATUS_ENUM_VALUES: set[CsrdReportStatusEnum] = {
    "done",
    "expired",
    "failed",
    "queued",
    "rendering",
}


def check_csrd_report_status_enum(value: str) -> CsrdReportStatusEnum:
    if value in CSRD_REPORT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CSRD_REPORT_STATUS_ENUM_VALUES!r}")
