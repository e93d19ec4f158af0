from typing import Literal

CsrdReportRetrieveAPIVersion = Literal["1.0", "1.1"]

CSRD_REPORT_RETRIEVE_API_VERSION_VALUES: set[CsrdReportRetrieveAPIVersion] = {
    "1.0",
    "1.1",
}


def check_csrd_report_retrieve_api_version(value: str) -> CsrdReportRetrieveAPIVersion:
    if value in CSRD_REPORT_RETRIEVE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CSRD_REPORT_RETRIEVE_API_VERSION_VALUES!r}")
