from typing import Literal

VerifyFiledByRoleEnum = Literal["authorised_representative", "operator"]

VERIFY_FILED_BY_ROLE_ENUM_VALUES: set[VerifyFiledByRoleEnum] = {
    "authorised_representative",
    "operator",
}


def check_verify_filed_by_role_enum(value: str) -> VerifyFiledByRoleEnum:
    if value in VERIFY_FILED_BY_ROLE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VERIFY_FILED_BY_ROLE_ENUM_VALUES!r}")
