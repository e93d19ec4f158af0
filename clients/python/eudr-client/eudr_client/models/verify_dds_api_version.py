from typing import Literal

VerifyDdsAPIVersion = Literal["1.0", "1.1"]

VERIFY_DDS_API_VERSION_VALUES: set[VerifyDdsAPIVersion] = {
    "1.0",
    "1.1",
}


def check_verify_dds_api_version(value: str) -> VerifyDdsAPIVersion:
    if value in VERIFY_DDS_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VERIFY_DDS_API_VERSION_VALUES!r}")
