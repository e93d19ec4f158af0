from typing import Literal

DocumentTypeEnum = Literal["due_diligence_statement", "simplified_declaration"]

DOCUMENT_TYPE_ENUM_VALUES: set[DocumentTypeEnum] = {
    "due_diligence_statement",
    "simplified_declaration",
}


def check_document_type_enum(value: str) -> DocumentTypeEnum:
    if value in DOCUMENT_TYPE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DOCUMENT_TYPE_ENUM_VALUES!r}")
