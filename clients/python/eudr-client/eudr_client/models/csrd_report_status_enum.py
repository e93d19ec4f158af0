from enum import StrEnum


class CsrdReportStatusEnum(StrEnum):
    DONE = "done"
    EXPIRED = "expired"
    FAILED = "failed"
    QUEUED = "queued"
    RENDERING = "rendering"

    def __str__(self) -> str:
        return str(self.value)
