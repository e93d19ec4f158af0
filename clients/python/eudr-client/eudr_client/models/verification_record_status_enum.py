from enum import StrEnum


class VerificationRecordStatusEnum(StrEnum):
    AT_RISK = "AT_RISK"
    COMPLIANT = "COMPLIANT"
    DRAFT = "DRAFT"
    EXPIRED = "EXPIRED"
    NON_COMPLIANT = "NON_COMPLIANT"
    SUBMITTED = "SUBMITTED"
    UNDER_REVIEW = "UNDER_REVIEW"
    WITHDRAWN = "WITHDRAWN"

    def __str__(self) -> str:
        return str(self.value)
