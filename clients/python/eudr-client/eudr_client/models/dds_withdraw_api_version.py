from typing import Literal

DdsWithdrawAPIVersion = Literal["1.0", "1.1"]

DDS_WITHDRAW_API_VERSION_VALUES: set[DdsWithdrawAPIVersion] = {
    "1.0",
    "1.1",
}


def check_dds_withdraw_api_version(value: str) -> DdsWithdrawAPIVersion:
    if value in DDS_WITHDRAW_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DDS_WITHDRAW_API_VERSION_VALUES!r}")
