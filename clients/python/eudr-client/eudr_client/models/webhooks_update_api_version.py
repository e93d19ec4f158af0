from typing import Literal

WebhooksUpdateAPIVersion = Literal["1.0", "1.1"]

WEBHOOKS_UPDATE_API_VERSION_VALUES: set[WebhooksUpdateAPIVersion] = {
    "1.0",
    "1.1",
}


def check_webhooks_update_api_version(value: str) -> WebhooksUpdateAPIVersion:
    if value in WEBHOOKS_UPDATE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_UPDATE_API_VERSION_VALUES!r}")
