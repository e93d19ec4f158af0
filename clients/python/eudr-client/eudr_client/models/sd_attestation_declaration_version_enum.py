from enum import StrEnum


class SDAttestationDeclarationVersionEnum(StrEnum):
    VALUE_0 = "2023/1115-annex-iii-4-en-2025-2650"

    def __str__(self) -> str:
        return str(self.value)
