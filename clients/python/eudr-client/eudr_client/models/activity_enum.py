from typing import Literal

ActivityEnum = Literal["domestic", "export", "import"]

ACTIVITY_ENUM_VALUES: set[ActivityEnum] = {
    "domestic",
    "export",
    "import",
}


def check_activity_enum(value: str) -> ActivityEnum:
    if value in ACTIVITY_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTIVITY_ENUM_VALUES!r}")
