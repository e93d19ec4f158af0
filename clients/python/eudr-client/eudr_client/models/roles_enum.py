from enum import StrEnum


class RolesEnum(StrEnum):
    AUTHORISED_REPRESENTATIVE = "authorised_representative"
    FIRST_DOWNSTREAM_OPERATOR_OR_TRADER = "first_downstream_operator_or_trader"
    LATER_DOWNSTREAM_OPERATOR_OR_TRADER = "later_downstream_operator_or_trader"
    MICRO_SMALL_PRIMARY_OPERATOR = "micro_small_primary_operator"
    OPERATOR = "operator"

    def __str__(self) -> str:
        return str(self.value)
