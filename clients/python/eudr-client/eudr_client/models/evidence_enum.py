from enum import StrEnum


class EvidenceEnum(StrEnum):
    COMPLETE = "complete"
    MISSING = "missing"
    PARTIAL = "partial"

    def __str__(self) -> str:
        return str(self.value)
