from typing import Literal

WebhooksRetrieveAPIVersion = Literal["1.0", "1.1"]

WEBHOOKS_RETRIEVE_API_VERSION_VALUES: set[WebhooksRetrieveAPIVersion] = {
    "1.0",
    "1.1",
}


def check_webhooks_retrieve_api_version(value: str) -> WebhooksRetrieveAPIVersion:
    if value in WEBHOOKS_RETRIEVE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_RETRIEVE_API_VERSION_VALUES!r}")
