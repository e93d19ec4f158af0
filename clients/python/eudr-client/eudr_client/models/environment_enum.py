from enum import StrEnum


class EnvironmentEnum(StrEnum):
    ACCEPTANCE = "acceptance"
    PRODUCTION = "production"

    def __str__(self) -> str:
        return str(self.value)
