from typing import Literal

DdsRetrieveAPIVersion = Literal["1.0", "1.1"]

DDS_RETRIEVE_API_VERSION_VALUES: set[DdsRetrieveAPIVersion] = {
    "1.0",
    "1.1",
}


def check_dds_retrieve_api_version(value: str) -> DdsRetrieveAPIVersion:
    if value in DDS_RETRIEVE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DDS_RETRIEVE_API_VERSION_VALUES!r}")
