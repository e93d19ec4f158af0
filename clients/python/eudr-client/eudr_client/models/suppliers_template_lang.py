from typing import Literal

SuppliersTemplateLang = Literal["en", "pl"]

SUPPLIERS_TEMPLATE_LANG_VALUES: set[SuppliersTemplateLang] = {
    "en",
    "pl",
}


def check_suppliers_template_lang(value: str) -> SuppliersTemplateLang:
    if value in SUPPLIERS_TEMPLATE_LANG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUPPLIERS_TEMPLATE_LANG_VALUES!r}")
