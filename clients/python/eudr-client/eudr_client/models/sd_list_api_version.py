from typing import Literal

SdListAPIVersion = Literal["1.0", "1.1"]

SD_LIST_API_VERSION_VALUES: set[SdListAPIVersion] = {
    "1.0",
    "1.1",
}


def check_sd_list_api_version(value: str) -> SdListAPIVersion:
    if value in SD_LIST_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SD_LIST_API_VERSION_VALUES!r}")
