from typing import Literal

SizeEnum = Literal["large", "medium", "micro", "natural_person", "small"]

SIZE_ENUM_VALUES: set[SizeEnum] = {
    "large",
    "medium",
    "micro",
    "natural_person",
    "small",
}


def check_size_enum(value: str) -> SizeEnum:
    if value in SIZE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIZE_ENUM_VALUES!r}")
