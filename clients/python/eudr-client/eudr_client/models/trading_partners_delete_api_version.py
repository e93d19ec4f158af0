from typing import Literal

TradingPartnersDeleteAPIVersion = Literal["1.0", "1.1"]

TRADING_PARTNERS_DELETE_API_VERSION_VALUES: set[TradingPartnersDeleteAPIVersion] = {
    "1.0",
    "1.1",
}


def check_trading_partners_delete_api_version(value: str) -> TradingPartnersDeleteAPIVersion:
    if value in TRADING_PARTNERS_DELETE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRADING_PARTNERS_DELETE_API_VERSION_VALUES!r}")
