from typing import Literal

EuCredentialsDeleteAPIVersion = Literal["1.0", "1.1"]

EU_CREDENTIALS_DELETE_API_VERSION_VALUES: set[EuCredentialsDeleteAPIVersion] = {
    "1.0",
    "1.1",
}


def check_eu_credentials_delete_api_version(value: str) -> EuCredentialsDeleteAPIVersion:
    if value in EU_CREDENTIALS_DELETE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EU_CREDENTIALS_DELETE_API_VERSION_VALUES!r}")
