from typing import Literal

SubstantiatedConcernsCreateAPIVersion = Literal["1.0", "1.1"]

SUBSTANTIATED_CONCERNS_CREATE_API_VERSION_VALUES: set[SubstantiatedConcernsCreateAPIVersion] = {
    "1.0",
    "1.1",
}


def check_substantiated_concerns_create_api_version(value: str) -> SubstantiatedConcernsCreateAPIVersion:
    if value in SUBSTANTIATED_CONCERNS_CREATE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUBSTANTIATED_CONCERNS_CREATE_API_VERSION_VALUES!r}")
