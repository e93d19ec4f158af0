from typing import Literal

DdsPdfAPIVersion = Literal["1.0", "1.1"]

DDS_PDF_API_VERSION_VALUES: set[DdsPdfAPIVersion] = {
    "1.0",
    "1.1",
}


def check_dds_pdf_api_version(value: str) -> DdsPdfAPIVersion:
    if value in DDS_PDF_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DDS_PDF_API_VERSION_VALUES!r}")
