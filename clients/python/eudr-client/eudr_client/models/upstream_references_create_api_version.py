from typing import Literal

UpstreamReferencesCreateAPIVersion = Literal["1.0", "1.1"]

UPSTREAM_REFERENCES_CREATE_API_VERSION_VALUES: set[UpstreamReferencesCreateAPIVersion] = {
    "1.0",
    "1.1",
}


def check_upstream_references_create_api_version(value: str) -> UpstreamReferencesCreateAPIVersion:
    if value in UPSTREAM_REFERENCES_CREATE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UPSTREAM_REFERENCES_CREATE_API_VERSION_VALUES!r}")
