from enum import StrEnum


class WidgetScriptStyle(StrEnum):
    BADGE = "badge"
    CARD = "card"
    FULL = "full"

    def __str__(self) -> str:
        return str(self.value)
