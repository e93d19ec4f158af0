from enum import StrEnum


class EvidenceMissingEnum(StrEnum):
    FOREST_COVER_2020 = "forest_cover_2020"
    FOREST_LOSS_AFTER_CUTOFF = "forest_loss_after_cutoff"

    def __str__(self) -> str:
        return str(self.value)
