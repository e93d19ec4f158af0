from typing import Literal

TradingPartnersListKind = Literal["customer", "supplier"]

TRADING_PARTNERS_LIST_KIND_VALUES: set[TradingPartnersListKind] = {
    "customer",
    "supplier",
}


def check_trading_partners_list_kind(value: str) -> TradingPartnersListKind:
    if value in TRADING_PARTNERS_LIST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRADING_PARTNERS_LIST_KIND_VALUES!r}")
