from enum import StrEnum


class SizeEnum(StrEnum):
    LARGE = "large"
    MEDIUM = "medium"
    MICRO = "micro"
    NATURAL_PERSON = "natural_person"
    SMALL = "small"

    def __str__(self) -> str:
        return str(self.value)
