from typing import Literal

OrganisationRolesGetAPIVersion = Literal["1.0", "1.1"]

ORGANISATION_ROLES_GET_API_VERSION_VALUES: set[OrganisationRolesGetAPIVersion] = {
    "1.0",
    "1.1",
}


def check_organisation_roles_get_api_version(value: str) -> OrganisationRolesGetAPIVersion:
    if value in ORGANISATION_ROLES_GET_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ORGANISATION_ROLES_GET_API_VERSION_VALUES!r}")
