from typing import Literal

SdPdfAPIVersion = Literal["1.0", "1.1"]

SD_PDF_API_VERSION_VALUES: set[SdPdfAPIVersion] = {
    "1.0",
    "1.1",
}


def check_sd_pdf_api_version(value: str) -> SdPdfAPIVersion:
    if value in SD_PDF_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SD_PDF_API_VERSION_VALUES!r}")
