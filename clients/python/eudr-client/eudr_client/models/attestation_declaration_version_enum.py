from enum import StrEnum


class AttestationDeclarationVersionEnum(StrEnum):
    VALUE_0 = "2023/1115-annex-ii-5-en-oj-l150-2023-06-09"

    def __str__(self) -> str:
        return str(self.value)
