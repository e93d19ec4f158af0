from typing import Literal

WidgetScriptLang = Literal["en", "pl"]

WIDGET_SCRIPT_LANG_VALUES: set[WidgetScriptLang] = {
    "en",
    "pl",
}


def check_widget_script_lang(value: str) -> WidgetScriptLang:
    if value in WIDGET_SCRIPT_LANG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WIDGET_SCRIPT_LANG_VALUES!r}")
