from typing import Literal

TradingPartnerInKindEnum = Literal["customer", "supplier"]

TRADING_PARTNER_IN_KIND_ENUM_VALUES: set[TradingPartnerInKindEnum] = {
    "customer",
    "supplier",
}


def check_trading_partner_in_kind_enum(value: str) -> TradingPartnerInKindEnum:
    if value in TRADING_PARTNER_IN_KIND_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRADING_PARTNER_IN_KIND_ENUM_VALUES!r}")
