from typing import Literal

EuCredentialsPutAPIVersion = Literal["1.0", "1.1"]

EU_CREDENTIALS_PUT_API_VERSION_VALUES: set[EuCredentialsPutAPIVersion] = {
    "1.0",
    "1.1",
}


def check_eu_credentials_put_api_version(value: str) -> EuCredentialsPutAPIVersion:
    if value in EU_CREDENTIALS_PUT_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EU_CREDENTIALS_PUT_API_VERSION_VALUES!r}")
