from typing import Literal

SupplierFilingsResultsCsvLang = Literal["en", "pl"]

SUPPLIER_FILINGS_RESULTS_CSV_LANG_VALUES: set[SupplierFilingsResultsCsvLang] = {
    "en",
    "pl",
}


def check_supplier_filings_results_csv_lang(value: str) -> SupplierFilingsResultsCsvLang:
    if value in SUPPLIER_FILINGS_RESULTS_CSV_LANG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUPPLIER_FILINGS_RESULTS_CSV_LANG_VALUES!r}")
