from typing import Literal

DdsListStatus = Literal[
    "AT_RISK", "COMPLIANT", "DRAFT", "EXPIRED", "NON_COMPLIANT", "SUBMITTED", "UNDER_REVIEW", "WITHDRAWN"
]

DDS_LIST_STATUS_VALUES: set[DdsListStatus] = {
    "AT_RISK",
    "COMPLIANT",
    "DRAFT",
    "EXPIRED",
    "NON_COMPLIANT",
    "SUBMITTED",
    "UNDER_REVIEW",
    "WITHDRAWN",
}


def check_dds_list_status(value: str) -> DdsListStatus:
    if value in DDS_LIST_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DDS_LIST_STATUS_VALUES!r}")
