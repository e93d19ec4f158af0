from typing import Literal

VerificationRecordStatusEnum = Literal[
    "AT_RISK", "COMPLIANT", "DRAFT", "EXPIRED", "NON_COMPLIANT", "SUBMITTED", "UNDER_REVIEW", "WITHDRAWN"
]

VERIFICATION_RECORD_STATUS_ENUM_VALUES: set[VerificationRecordStatusEnum] = {
    "AT_RISK",
    "COMPLIANT",
    "DRAFT",
    "EXPIRED",
    "NON_COMPLIANT",
    "SUBMITTED",
    "UNDER_REVIEW",
    "WITHDRAWN",
}


def check_verification_record_status_enum(value: str) -> VerificationRecordStatusEnum:
    if value in VERIFICATION_RECORD_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VERIFICATION_RECORD_STATUS_ENUM_VALUES!r}")
