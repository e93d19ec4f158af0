from enum import StrEnum


class ActivityEnum(StrEnum):
    DOMESTIC = "domestic"
    EXPORT = "export"
    IMPORT = "import"

    def __str__(self) -> str:
        return str(self.value)
