from enum import StrEnum


class WidgetScriptLang(StrEnum):
    EN = "en"
    PL = "pl"

    def __str__(self) -> str:
        return str(self.value)
