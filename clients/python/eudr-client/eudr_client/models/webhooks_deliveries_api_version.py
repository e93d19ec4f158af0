from typing import Literal

WebhooksDeliveriesAPIVersion = Literal["1.0", "1.1"]

WEBHOOKS_DELIVERIES_API_VERSION_VALUES: set[WebhooksDeliveriesAPIVersion] = {
    "1.0",
    "1.1",
}


def check_webhooks_deliveries_api_version(value: str) -> WebhooksDeliveriesAPIVersion:
    if value in WEBHOOKS_DELIVERIES_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_DELIVERIES_API_VERSION_VALUES!r}")
