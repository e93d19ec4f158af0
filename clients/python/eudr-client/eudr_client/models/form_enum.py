from typing import Literal

FormEnum = Literal["full", "public"]

FORM_ENUM_VALUES: set[FormEnum] = {
    "full",
    "public",
}


def check_form_enum(value: str) -> FormEnum:
    if value in FORM_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FORM_ENUM_VALUES!r}")
