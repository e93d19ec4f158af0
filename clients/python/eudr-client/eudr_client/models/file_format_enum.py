from typing import Literal

FileFormatEnum = Literal["csv", "xlsx"]

FILE_FORMAT_ENUM_VALUES: set[FileFormatEnum] = {
    "csv",
    "xlsx",
}


def check_file_format_enum(value: str) -> FileFormatEnum:
    if value in FILE_FORMAT_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FILE_FORMAT_ENUM_VALUES!r}")
