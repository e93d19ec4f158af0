from typing import Literal

CsrdReportCreateFormat = Literal["json", "pdf"]

CSRD_REPORT_CREATE_FORMAT_VALUES: set[CsrdReportCreateFormat] = {
    "json",
    "pdf",
}


def check_csrd_report_create_format(value: str) -> CsrdReportCreateFormat:
    if value in CSRD_REPORT_CREATE_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CSRD_REPORT_CREATE_FORMAT_VALUES!r}")
