from typing import Literal

AnnualReportsPdfLang = Literal["en", "pl"]

ANNUAL_REPORTS_PDF_LANG_VALUES: set[AnnualReportsPdfLang] = {
    "en",
    "pl",
}


def check_annual_reports_pdf_lang(value: str) -> AnnualReportsPdfLang:
    if value in ANNUAL_REPORTS_PDF_LANG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ANNUAL_REPORTS_PDF_LANG_VALUES!r}")
