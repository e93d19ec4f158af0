from typing import Literal

WebhooksDeliveriesStatus = Literal["dead", "failed", "pending", "succeeded"]

WEBHOOKS_DELIVERIES_STATUS_VALUES: set[WebhooksDeliveriesStatus] = {
    "dead",
    "failed",
    "pending",
    "succeeded",
}


def check_webhooks_deliveries_status(value: str) -> WebhooksDeliveriesStatus:
    if value in WEBHOOKS_DELIVERIES_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_DELIVERIES_STATUS_VALUES!r}")
