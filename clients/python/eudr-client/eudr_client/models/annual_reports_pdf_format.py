from typing import Literal

AnnualReportsPdfFormat = Literal["json", "pdf"]

ANNUAL_REPORTS_PDF_FORMAT_VALUES: set[AnnualReportsPdfFormat] = {
    "json",
    "pdf",
}


def check_annual_reports_pdf_format(value: str) -> AnnualReportsPdfFormat:
    if value in ANNUAL_REPORTS_PDF_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ANNUAL_REPORTS_PDF_FORMAT_VALUES!r}")
