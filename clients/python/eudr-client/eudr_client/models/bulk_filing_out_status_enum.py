from typing import Literal

BulkFilingOutStatusEnum = Literal["cancelled", "done", "running"]

BULK_FILING_OUT_STATUS_ENUM_VALUES: set[BulkFilingOutStatusEnum] = {
    "cancelled",
    "done",
    "running",
}


def check_bulk_filing_out_status_enum(value: str) -> BulkFilingOutStatusEnum:
    if value in BULK_FILING_OUT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BULK_FILING_OUT_STATUS_ENUM_VALUES!r}")
