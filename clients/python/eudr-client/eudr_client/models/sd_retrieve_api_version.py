from typing import Literal

SdRetrieveAPIVersion = Literal["1.0", "1.1"]

SD_RETRIEVE_API_VERSION_VALUES: set[SdRetrieveAPIVersion] = {
    "1.0",
    "1.1",
}


def check_sd_retrieve_api_version(value: str) -> SdRetrieveAPIVersion:
    if value in SD_RETRIEVE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SD_RETRIEVE_API_VERSION_VALUES!r}")
