from typing import Literal

TradingPartnersExportJsonAPIVersion = Literal["1.0", "1.1"]

TRADING_PARTNERS_EXPORT_JSON_API_VERSION_VALUES: set[TradingPartnersExportJsonAPIVersion] = {
    "1.0",
    "1.1",
}


def check_trading_partners_export_json_api_version(value: str) -> TradingPartnersExportJsonAPIVersion:
    if value in TRADING_PARTNERS_EXPORT_JSON_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRADING_PARTNERS_EXPORT_JSON_API_VERSION_VALUES!r}")
