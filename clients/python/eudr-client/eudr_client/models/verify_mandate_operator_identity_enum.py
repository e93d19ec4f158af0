from typing import Literal

VerifyMandateOperatorIdentityEnum = Literal[
    "declared_by_representative", "signed_authorisation_reviewed_by_staff", "verified_by_staff"
]

VERIFY_MANDATE_OPERATOR_IDENTITY_ENUM_VALUES: set[VerifyMandateOperatorIdentityEnum] = {
    "declared_by_representative",
    "signed_authorisation_reviewed_by_staff",
    "verified_by_staff",
}


def check_verify_mandate_operator_identity_enum(value: str) -> VerifyMandateOperatorIdentityEnum:
    if value in VERIFY_MANDATE_OPERATOR_IDENTITY_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VERIFY_MANDATE_OPERATOR_IDENTITY_ENUM_VALUES!r}")
