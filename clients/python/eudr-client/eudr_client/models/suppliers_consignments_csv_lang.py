from typing import Literal

SuppliersConsignmentsCsvLang = Literal["en", "pl"]

SUPPLIERS_CONSIGNMENTS_CSV_LANG_VALUES: set[SuppliersConsignmentsCsvLang] = {
    "en",
    "pl",
}


def check_suppliers_consignments_csv_lang(value: str) -> SuppliersConsignmentsCsvLang:
    if value in SUPPLIERS_CONSIGNMENTS_CSV_LANG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUPPLIERS_CONSIGNMENTS_CSV_LANG_VALUES!r}")
