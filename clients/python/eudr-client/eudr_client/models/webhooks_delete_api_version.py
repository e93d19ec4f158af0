from typing import Literal

WebhooksDeleteAPIVersion = Literal["1.0", "1.1"]

WEBHOOKS_DELETE_API_VERSION_VALUES: set[WebhooksDeleteAPIVersion] = {
    "1.0",
    "1.1",
}


def check_webhooks_delete_api_version(value: str) -> WebhooksDeleteAPIVersion:
    if value in WEBHOOKS_DELETE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_DELETE_API_VERSION_VALUES!r}")
