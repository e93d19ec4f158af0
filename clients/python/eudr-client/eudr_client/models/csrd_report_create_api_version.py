from typing import Literal

CsrdReportCreateAPIVersion = Literal["1.0", "1.1"]

CSRD_REPORT_CREATE_API_VERSION_VALUES: set[CsrdReportCreateAPIVersion] = {
    "1.0",
    "1.1",
}


def check_csrd_report_create_api_version(value: str) -> CsrdReportCreateAPIVersion:
    if value in CSRD_REPORT_CREATE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CSRD_REPORT_CREATE_API_VERSION_VALUES!r}")
