from typing import Literal

RolesEnum = Literal[
    "authorised_representative",
    "first_downstream_operator_or_trader",
    "later_downstream_operator_or_trader",
    "micro_small_primary_operator",
    "operator",
]

ROLES_ENUM_VALUES: set[RolesEnum] = {
    "authorised_representative",
    "first_downstream_operator_or_trader",
    "later_downstream_operator_or_trader",
    "micro_small_primary_operator",
    "operator",
}


def check_roles_enum(value: str) -> RolesEnum:
    if value in ROLES_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLES_ENUM_VALUES!r}")
