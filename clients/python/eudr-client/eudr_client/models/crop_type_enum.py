from enum import StrEnum


class CropTypeEnum(StrEnum):
    CORN = "corn"
    OTHER = "other"
    RAPESEED = "rapeseed"
    SOY = "soy"
    WHEAT = "wheat"

    def __str__(self) -> str:
        return str(self.value)
