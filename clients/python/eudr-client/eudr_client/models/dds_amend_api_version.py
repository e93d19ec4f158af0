from typing import Literal

DdsAmendAPIVersion = Literal["1.0", "1.1"]

DDS_AMEND_API_VERSION_VALUES: set[DdsAmendAPIVersion] = {
    "1.0",
    "1.1",
}


def check_dds_amend_api_version(value: str) -> DdsAmendAPIVersion:
    if value in DDS_AMEND_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DDS_AMEND_API_VERSION_VALUES!r}")
