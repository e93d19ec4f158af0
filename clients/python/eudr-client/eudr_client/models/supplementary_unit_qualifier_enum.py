from typing import Literal

SupplementaryUnitQualifierEnum = Literal["KSD", "MTK", "MTQ", "MTR", "NAR", "NPR"]

SUPPLEMENTARY_UNIT_QUALIFIER_ENUM_VALUES: set[SupplementaryUnitQualifierEnum] = {
    "KSD",
    "MTK",
    "MTQ",
    "MTR",
    "NAR",
    "NPR",
}


def check_supplementary_unit_qualifier_enum(value: str) -> SupplementaryUnitQualifierEnum:
    if value in SUPPLEMENTARY_UNIT_QUALIFIER_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUPPLEMENTARY_UNIT_QUALIFIER_ENUM_VALUES!r}")
