from typing import Literal

MandateOutKindEnum = Literal["document", "email_confirmation"]

MANDATE_OUT_KIND_ENUM_VALUES: set[MandateOutKindEnum] = {
    "document",
    "email_confirmation",
}


def check_mandate_out_kind_enum(value: str) -> MandateOutKindEnum:
    if value in MANDATE_OUT_KIND_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MANDATE_OUT_KIND_ENUM_VALUES!r}")
