from typing import Literal

DutyEnum = Literal["applies", "unknown", "voluntary"]

DUTY_ENUM_VALUES: set[DutyEnum] = {
    "applies",
    "unknown",
    "voluntary",
}


def check_duty_enum(value: str) -> DutyEnum:
    if value in DUTY_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DUTY_ENUM_VALUES!r}")
