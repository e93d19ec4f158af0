from typing import Literal

WebhooksTestAPIVersion = Literal["1.0", "1.1"]

WEBHOOKS_TEST_API_VERSION_VALUES: set[WebhooksTestAPIVersion] = {
    "1.0",
    "1.1",
}


def check_webhooks_test_api_version(value: str) -> WebhooksTestAPIVersion:
    if value in WEBHOOKS_TEST_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOKS_TEST_API_VERSION_VALUES!r}")
