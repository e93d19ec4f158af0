from typing import Literal

OperatorIdentityEnum = Literal["confirmed", "unconfirmed"]

OPERATOR_IDENTITY_ENUM_VALUES: set[OperatorIdentityEnum] = {
    "confirmed",
    "unconfirmed",
}


def check_operator_identity_enum(value: str) -> OperatorIdentityEnum:
    if value in OPERATOR_IDENTITY_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {OPERATOR_IDENTITY_ENUM_VALUES!r}")
