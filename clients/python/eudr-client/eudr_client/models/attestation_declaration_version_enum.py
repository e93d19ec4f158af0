from typing import Literal

AttestationDeclarationVersionEnum = Literal["2023/1115-annex-ii-5-en-oj-l150-2023-06-09"]

ATTESTATION_DECLARATION_VERSION_ENUM_VALUES: set[AttestationDeclarationVersionEnum] = {
    "2023/1115-annex-ii-5-en-oj-l150-2023-06-09",
}


def check_attestation_declaration_version_enum(value: str) -> AttestationDeclarationVersionEnum:
    if value in ATTESTATION_DECLARATION_VERSION_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ATTESTATION_DECLARATION_VERSION_ENUM_VALUES!r}")
