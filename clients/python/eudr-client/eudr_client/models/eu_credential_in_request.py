from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.environment_enum import EnvironmentEnum, check_environment_enum

T = TypeVar("T", bound="EuCredentialInRequest")


@_attrs_define
class EuCredentialInRequest:
    """
    Attributes:
        username (str):
        authentication_key (str):
        client_id (str):
        environment (EnvironmentEnum): * `acceptance` - acceptance (testing)
            * `production` - production
    """

    username: str
    authentication_key: str
    client_id: str
    environment: EnvironmentEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        authentication_key = self.authentication_key

        client_id = self.client_id

        environment: str = self.environment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "authentication_key": authentication_key,
                "client_id": client_id,
                "environment": environment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        authentication_key = d.pop("authentication_key")

        client_id = d.pop("client_id")

        environment = check_environment_enum(d.pop("environment"))

        eu_credential_in_request = cls(
            username=username,
            authentication_key=authentication_key,
            client_id=client_id,
            environment=environment,
        )

        eu_credential_in_request.additional_properties = d
        return eu_credential_in_request

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
