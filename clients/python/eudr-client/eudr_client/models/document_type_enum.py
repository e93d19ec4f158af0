from enum import StrEnum


class DocumentTypeEnum(StrEnum):
    DUE_DILIGENCE_STATEMENT = "due_diligence_statement"
    SIMPLIFIED_DECLARATION = "simplified_declaration"

    def __str__(self) -> str:
        return str(self.value)
