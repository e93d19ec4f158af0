from typing import Literal

UpstreamOriginEnum = Literal["consignment", "own", "recorded", "roster"]

UPSTREAM_ORIGIN_ENUM_VALUES: set[UpstreamOriginEnum] = {
    "consignment",
    "own",
    "recorded",
    "roster",
}


def check_upstream_origin_enum(value: str) -> UpstreamOriginEnum:
    if value in UPSTREAM_ORIGIN_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UPSTREAM_ORIGIN_ENUM_VALUES!r}")
