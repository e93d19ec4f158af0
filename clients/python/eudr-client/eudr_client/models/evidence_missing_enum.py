from typing import Literal

EvidenceMissingEnum = Literal["forest_cover_2020", "forest_loss_after_cutoff"]

EVIDENCE_MISSING_ENUM_VALUES: set[EvidenceMissingEnum] = {
    "forest_cover_2020",
    "forest_loss_after_cutoff",
}


def check_evidence_missing_enum(value: str) -> EvidenceMissingEnum:
    if value in EVIDENCE_MISSING_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVIDENCE_MISSING_ENUM_VALUES!r}")
