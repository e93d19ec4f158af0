from typing import Literal

OrganisationRolesSetAPIVersion = Literal["1.0", "1.1"]

ORGANISATION_ROLES_SET_API_VERSION_VALUES: set[OrganisationRolesSetAPIVersion] = {
    "1.0",
    "1.1",
}


def check_organisation_roles_set_api_version(value: str) -> OrganisationRolesSetAPIVersion:
    if value in ORGANISATION_ROLES_SET_API_VERSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ORGANISATION_ROLES_SET_API_VERSION_VALUES!r}")
