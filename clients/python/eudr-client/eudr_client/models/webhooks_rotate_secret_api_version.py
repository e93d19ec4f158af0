from typing import Literal

WebhooksRotateSecretAPIVersion = Literal["1.0", "1.1"]

WEBHOOKS_ROTATE_SECRET_API_VERSION_VALUES: set[WebhooksRotateSecretAPIVersion] = {
    "1.0",
    "1.1",
}


def check_webhooks_rotate_secret_api_version(value: str) -> WebhooksRotateSecretAPIVersion:
    if value in WEBHOOKS_ROTATE_SECRET_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_ROTATE_SECRET_API_VERSION_VALUES!r}")
