from typing import Literal

TradingPartnersListAPIVersion = Literal["1.0", "1.1"]

TRADING_PARTNERS_LIST_API_VERSION_VALUES: set[TradingPartnersListAPIVersion] = {
    "1.0",
    "1.1",
}


def check_trading_partners_list_api_version(value: str) -> TradingPartnersListAPIVersion:
    if value in TRADING_PARTNERS_LIST_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRADING_PARTNERS_LIST_API_VERSION_VALUES!r}")
