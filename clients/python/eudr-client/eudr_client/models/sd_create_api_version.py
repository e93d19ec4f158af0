from typing import Literal

SdCreateAPIVersion = Literal["1.0", "1.1"]

SD_CREATE_API_VERSION_VALUES: set[SdCreateAPIVersion] = {
    "1.0",
    "1.1",
}


def check_sd_create_api_version(value: str) -> SdCreateAPIVersion:
    if value in SD_CREATE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SD_CREATE_API_VERSION_VALUES!r}")
