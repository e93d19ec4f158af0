from typing import Literal

SuppliersTemplateXlsxLang = Literal["en", "pl"]

SUPPLIERS_TEMPLATE_XLSX_LANG_VALUES: set[SuppliersTemplateXlsxLang] = {
    "en",
    "pl",
}


def check_suppliers_template_xlsx_lang(value: str) -> SuppliersTemplateXlsxLang:
    if value in SUPPLIERS_TEMPLATE_XLSX_LANG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUPPLIERS_TEMPLATE_XLSX_LANG_VALUES!r}")
