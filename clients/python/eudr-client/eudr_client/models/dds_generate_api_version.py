from typing import Literal

DdsGenerateAPIVersion = Literal["1.0", "1.1"]

DDS_GENERATE_API_VERSION_VALUES: set[DdsGenerateAPIVersion] = {
    "1.0",
    "1.1",
}


def check_dds_generate_api_version(value: str) -> DdsGenerateAPIVersion:
    if value in DDS_GENERATE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DDS_GENERATE_API_VERSION_VALUES!r}")
