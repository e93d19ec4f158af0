from typing import Literal

SupplierFilingsResultsXlsxLang = Literal["en", "pl"]

SUPPLIER_FILINGS_RESULTS_XLSX_LANG_VALUES: set[SupplierFilingsResultsXlsxLang] = {
    "en",
    "pl",
}


def check_supplier_filings_results_xlsx_lang(value: str) -> SupplierFilingsResultsXlsxLang:
    if value in SUPPLIER_FILINGS_RESULTS_XLSX_LANG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUPPLIER_FILINGS_RESULTS_XLSX_LANG_VALUES!r}")
