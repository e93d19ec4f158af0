from typing import Literal

LangEnum = Literal["en", "pl"]

LANG_ENUM_VALUES: set[LangEnum] = {
    "en",
    "pl",
}


def check_lang_enum(value: str) -> LangEnum:
    if value in LANG_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LANG_ENUM_VALUES!r}")
