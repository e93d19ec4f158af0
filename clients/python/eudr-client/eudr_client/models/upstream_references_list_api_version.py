from typing import Literal

UpstreamReferencesListAPIVersion = Literal["1.0", "1.1"]

UPSTREAM_REFERENCES_LIST_API_VERSION_VALUES: set[UpstreamReferencesListAPIVersion] = {
    "1.0",
    "1.1",
}


def check_upstream_references_list_api_version(value: str) -> UpstreamReferencesListAPIVersion:
    if value in UPSTREAM_REFERENCES_LIST_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UPSTREAM_REFERENCES_LIST_API_VERSION_VALUES!r}")
