from typing import Literal

WebhooksListAPIVersion = Literal["1.0", "1.1"]

WEBHOOKS_LIST_API_VERSION_VALUES: set[WebhooksListAPIVersion] = {
    "1.0",
    "1.1",
}


def check_webhooks_list_api_version(value: str) -> WebhooksListAPIVersion:
    if value in WEBHOOKS_LIST_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_LIST_API_VERSION_VALUES!r}")
