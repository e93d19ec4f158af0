from typing import Literal

UpstreamStateEnum = Literal["not_found", "not_usable", "unknown", "valid", "withdrawn"]

UPSTREAM_STATE_ENUM_VALUES: set[UpstreamStateEnum] = {
    "not_found",
    "not_usable",
    "unknown",
    "valid",
    "withdrawn",
}


def check_upstream_state_enum(value: str) -> UpstreamStateEnum:
    if value in UPSTREAM_STATE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UPSTREAM_STATE_ENUM_VALUES!r}")
