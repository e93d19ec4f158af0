from typing import Literal

SdListStatus = Literal[
    "AT_RISK", "COMPLIANT", "DRAFT", "EXPIRED", "NON_COMPLIANT", "SUBMITTED", "UNDER_REVIEW", "WITHDRAWN"
]

SD_LIST_STATUS_VALUES: set[SdListStatus] = {
    "AT_RISK",
    "COMPLIANT",
    "DRAFT",
    "EXPIRED",
    "NON_COMPLIANT",
    "SUBMITTED",
    "UNDER_REVIEW",
    "WITHDRAWN",
}


def check_sd_list_status(value: str) -> SdListStatus:
    if value in SD_LIST_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SD_LIST_STATUS_VALUES!r}")
