from typing import Literal

TradingPartnersGetAPIVersion = Literal["1.0", "1.1"]

TRADING_PARTNERS_GET_API_VERSION_VALUES: set[TradingPartnersGetAPIVersion] = {
    "1.0",
    "1.1",
}


def check_trading_partners_get_api_version(value: str) -> TradingPartnersGetAPIVersion:
    if value in TRADING_PARTNERS_GET_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRADING_PARTNERS_GET_API_VERSION_VALUES!r}")
