from typing import Literal

DeliveryStatusEnum = Literal["dead", "failed", "pending", "succeeded"]

DELIVERY_STATUS_ENUM_VALUES: set[DeliveryStatusEnum] = {
    "dead",
    "failed",
    "pending",
    "succeeded",
}


def check_delivery_status_enum(value: str) -> DeliveryStatusEnum:
    if value in DELIVERY_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELIVERY_STATUS_ENUM_VALUES!r}")
