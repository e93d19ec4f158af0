from typing import Literal

CsrdReportPdfAPIVersion = Literal["1.0", "1.1"]

CSRD_REPORT_PDF_API_VERSION_VALUES: set[CsrdReportPdfAPIVersion] = {
    "1.0",
    "1.1",
}


def check_csrd_report_pdf_api_version(value: str) -> CsrdReportPdfAPIVersion:
    if value in CSRD_REPORT_PDF_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CSRD_REPORT_PDF_API_VERSION_VALUES!r}")
