from typing import Literal

TradingPartnersExportCsvLang = Literal["en", "pl"]

TRADING_PARTNERS_EXPORT_CSV_LANG_VALUES: set[TradingPartnersExportCsvLang] = {
    "en",
    "pl",
}


def check_trading_partners_export_csv_lang(value: str) -> TradingPartnersExportCsvLang:
    if value in TRADING_PARTNERS_EXPORT_CSV_LANG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TRADING_PARTNERS_EXPORT_CSV_LANG_VALUES!r}")
