from typing import Literal

AuthorisedFieldEnum = Literal[
    "city",
    "commodity",
    "email",
    "land_city",
    "land_postal_code",
    "land_street",
    "name",
    "nip",
    "parcels",
    "postal_code",
    "producer_number",
    "quantity",
    "regon",
    "size",
    "street",
    "unit",
]

AUTHORISED_FIELD_ENUM_VALUES: set[AuthorisedFieldEnum] = {
    "city",
    "commodity",
    "email",
    "land_city",
    "land_postal_code",
    "land_street",
    "name",
    "nip",
    "parcels",
    "postal_code",
    "producer_number",
    "quantity",
    "regon",
    "size",
    "street",
    "unit",
}


def check_authorised_field_enum(value: str) -> AuthorisedFieldEnum:
    if value in AUTHORISED_FIELD_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {AUTHORISED_FIELD_ENUM_VALUES!r}")
