from typing import Literal

WidgetScriptAPIVersion = Literal["1.0", "1.1"]

WIDGET_SCRIPT_API_VERSION_VALUES: set[WidgetScriptAPIVersion] = {
    "1.0",
    "1.1",
}


def check_widget_script_api_version(value: str) -> WidgetScriptAPIVersion:
    if value in WIDGET_SCRIPT_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WIDGET_SCRIPT_API_VERSION_VALUES!r}")
