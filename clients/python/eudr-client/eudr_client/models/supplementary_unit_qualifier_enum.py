from enum import StrEnum


class SupplementaryUnitQualifierEnum(StrEnum):
    KSD = "KSD"
    MTK = "MTK"
    MTQ = "MTQ"
    MTR = "MTR"
    NAR = "NAR"
    NPR = "NPR"

    def __str__(self) -> str:
        return str(self.value)
