from typing import Literal

SdAmendAPIVersion = Literal["1.0", "1.1"]

SD_AMEND_API_VERSION_VALUES: set[SdAmendAPIVersion] = {
    "1.0",
    "1.1",
}


def check_sd_amend_api_version(value: str) -> SdAmendAPIVersion:
    if value in SD_AMEND_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SD_AMEND_API_VERSION_VALUES!r}")
