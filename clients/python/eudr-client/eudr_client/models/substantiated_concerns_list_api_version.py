from typing import Literal

SubstantiatedConcernsListAPIVersion = Literal["1.0", "1.1"]

SUBSTANTIATED_CONCERNS_LIST_API_VERSION_VALUES: set[SubstantiatedConcernsListAPIVersion] = {
    "1.0",
    "1.1",
}


def check_substantiated_concerns_list_api_version(value: str) -> SubstantiatedConcernsListAPIVersion:
    if value in SUBSTANTIATED_CONCERNS_LIST_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUBSTANTIATED_CONCERNS_LIST_API_VERSION_VALUES!r}")
