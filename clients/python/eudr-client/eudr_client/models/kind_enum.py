from enum import StrEnum


class KindEnum(StrEnum):
    CUSTOMER = "customer"
    SUPPLIER = "supplier"

    def __str__(self) -> str:
        return str(self.value)
