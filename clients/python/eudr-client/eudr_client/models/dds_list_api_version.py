from typing import Literal

DdsListAPIVersion = Literal["1.0", "1.1"]

DDS_LIST_API_VERSION_VALUES: set[DdsListAPIVersion] = {
    "1.0",
    "1.1",
}


def check_dds_list_api_version(value: str) -> DdsListAPIVersion:
    if value in DDS_LIST_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DDS_LIST_API_VERSION_VALUES!r}")
