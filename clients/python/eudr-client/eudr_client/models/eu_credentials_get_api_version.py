from typing import Literal

EuCredentialsGetAPIVersion = Literal["1.0", "1.1"]

EU_CREDENTIALS_GET_API_VERSION_VALUES: set[EuCredentialsGetAPIVersion] = {
    "1.0",
    "1.1",
}


def check_eu_credentials_get_api_version(value: str) -> EuCredentialsGetAPIVersion:
    if value in EU_CREDENTIALS_GET_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EU_CREDENTIALS_GET_API_VERSION_VALUES!r}")
