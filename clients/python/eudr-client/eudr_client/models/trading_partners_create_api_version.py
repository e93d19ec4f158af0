from typing import Literal

TradingPartnersCreateAPIVersion = Literal["1.0", "1.1"]

TRADING_PARTNERS_CREATE_API_VERSION_VALUES: set[TradingPartnersCreateAPIVersion] = {
    "1.0",
    "1.1",
}


def check_trading_partners_create_api_version(value: str) -> TradingPartnersCreateAPIVersion:
    if value in TRADING_PARTNERS_CREATE_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRADING_PARTNERS_CREATE_API_VERSION_VALUES!r}")
