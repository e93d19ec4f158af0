from typing import Literal

SDAttestationDeclarationVersionEnum = Literal["2023/1115-annex-iii-4-en-2025-2650"]

SD_ATTESTATION_DECLARATION_VERSION_ENUM_VALUES: set[SDAttestationDeclarationVersionEnum] = {
    "2023/1115-annex-iii-4-en-2025-2650",
}


def check_sd_attestation_declaration_version_enum(value: str) -> SDAttestationDeclarationVersionEnum:
    if value in SD_ATTESTATION_DECLARATION_VERSION_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SD_ATTESTATION_DECLARATION_VERSION_ENUM_VALUES!r}")
