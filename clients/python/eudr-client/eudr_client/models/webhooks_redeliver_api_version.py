from typing import Literal

WebhooksRedeliverAPIVersion = Literal["1.0", "1.1"]

WEBHOOKS_REDELIVER_API_VERSION_VALUES: set[WebhooksRedeliverAPIVersion] = {
    "1.0",
    "1.1",
}


def check_webhooks_redeliver_api_version(value: str) -> WebhooksRedeliverAPIVersion:
    if value in WEBHOOKS_REDELIVER_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_REDELIVER_API_VERSION_VALUES!r}")
