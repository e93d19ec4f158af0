from typing import Literal

TradingPartnersExportCsvAPIVersion = Literal["1.0", "1.1"]

TRADING_PARTNERS_EXPORT_CSV_API_VERSION_VALUES: set[TradingPartnersExportCsvAPIVersion] = {
    "1.0",
    "1.1",
}


def check_trading_partners_export_csv_api_version(value: str) -> TradingPartnersExportCsvAPIVersion:
    if value in TRADING_PARTNERS_EXPORT_CSV_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRADING_PARTNERS_EXPORT_CSV_API_VERSION_VALUES!r}")
