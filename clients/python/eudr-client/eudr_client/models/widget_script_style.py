from typing import Literal

WidgetScriptStyle = Literal["badge", "card", "full"]

WIDGET_SCRIPT_STYLE_VALUES: set[WidgetScriptStyle] = {
    "badge",
    "card",
    "full",
}


def check_widget_script_style(value: str) -> WidgetScriptStyle:
    if value in WIDGET_SCRIPT_STYLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WIDGET_SCRIPT_STYLE_VALUES!r}")
