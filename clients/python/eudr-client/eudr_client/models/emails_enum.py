from typing import Literal

EmailsEnum = Literal["not_sent_test_mode", "sent"]

EMAILS_ENUM_VALUES: set[EmailsEnum] = {
    "not_sent_test_mode",
    "sent",
}


def check_emails_enum(value: str) -> EmailsEnum:
    if value in EMAILS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EMAILS_ENUM_VALUES!r}")
