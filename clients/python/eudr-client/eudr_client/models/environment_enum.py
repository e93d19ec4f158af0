from typing import Literal

EnvironmentEnum = Literal["acceptance", "production"]

ENVIRONMENT_ENUM_VALUES: set[EnvironmentEnum] = {
    "acceptance",
    "production",
}


def check_environment_enum(value: str) -> EnvironmentEnum:
    if value in ENVIRONMENT_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ENVIRONMENT_ENUM_VALUES!r}")
