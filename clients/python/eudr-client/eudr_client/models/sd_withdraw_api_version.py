from typing import Literal

SdWithdrawAPIVersion = Literal["1.0", "1.1"]

SD_WITHDRAW_API_VERSION_VALUES: set[SdWithdrawAPIVersion] = {
    "1.0",
    "1.1",
}


def check_sd_withdraw_api_version(value: str) -> SdWithdrawAPIVersion:
    if value in SD_WITHDRAW_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SD_WITHDRAW_API_VERSION_VALUES!r}")
