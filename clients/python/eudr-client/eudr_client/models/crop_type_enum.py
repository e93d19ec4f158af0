from typing import Literal

CropTypeEnum = Literal["corn", "other", "rapeseed", "soy", "wheat"]

CROP_TYPE_ENUM_VALUES: set[CropTypeEnum] = {
    "corn",
    "other",
    "rapeseed",
    "soy",
    "wheat",
}


def check_crop_type_enum(value: str) -> CropTypeEnum:
    if value in CROP_TYPE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CROP_TYPE_ENUM_VALUES!r}")
