from enum import StrEnum


class LangEnum(StrEnum):
    EN = "en"
    PL = "pl"

    def __str__(self) -> str:
        return str(self.value)
