from typing import Literal

CsrdReportPdfFormat = Literal["json", "pdf"]

CSRD_REPORT_PDF_FORMAT_VALUES: set[CsrdReportPdfFormat] = {
    "json",
    "pdf",
}


def check_csrd_report_pdf_format(value: str) -> CsrdReportPdfFormat:
    if value in CSRD_REPORT_PDF_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CSRD_REPORT_PDF_FORMAT_VALUES!r}")
