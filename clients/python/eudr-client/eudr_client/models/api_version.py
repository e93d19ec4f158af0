from typing import Literal

ApiVersion = Literal["1.0", "1.1"]

API_VERSION_VALUES: set[ApiVersion] = {
    "1.0",
    "1.1",
}


def check_api_version(value: str) -> ApiVersion:
    if value in API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {API_VERSION_VALUES!r}")
