from typing import Literal

MandateOutStatusEnum = Literal[
    "active", "expired", "needs_reconfirmation", "pending_review", "rejected", "requested", "revoked"
]

MANDATE_OUT_STATUS_ENUM_VALUES: set[MandateOutStatusEnum] = {
    "active",
    "expired",
    "needs_reconfirmation",
    "pending_review",
    "rejected",
    "requested",
    "revoked",
}


def check_mandate_out_status_enum(value: str) -> MandateOutStatusEnum:
    if value in MANDATE_OUT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MANDATE_OUT_STATUS_ENUM_VALUES!r}")
