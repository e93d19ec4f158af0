from typing import Literal

WebhooksCreateAPIVersion = Literal["1.0", "1.1"]

WEBHOOKS_CREATE_API_VERSION_VALUES: set[WebhooksCreateAPIVersion] = {
    "1.0",
    "1.1",
}


def check_webhooks_create_api_version(value: str) -> WebhooksCreateAPIVersion:
    if value in WEBHOOKS_CREATE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_CREATE_API_VERSION_VALUES!r}")
