from typing import Literal

VerifyMandateBasisEnum = Literal["email_confirmation", "signed_document"]

VERIFY_MANDATE_BASIS_ENUM_VALUES: set[VerifyMandateBasisEnum] = {
    "email_confirmation",
    "signed_document",
}


def check_verify_mandate_basis_enum(value: str) -> VerifyMandateBasisEnum:
    if value in VERIFY_MANDATE_BASIS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VERIFY_MANDATE_BASIS_ENUM_VALUES!r}")
