from typing import Literal

EvidenceEnum = Literal["complete", "missing", "partial"]

EVIDENCE_ENUM_VALUES: set[EvidenceEnum] = {
    "complete",
    "missing",
    "partial",
}


def check_evidence_enum(value: str) -> EvidenceEnum:
    if value in EVIDENCE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVIDENCE_ENUM_VALUES!r}")
