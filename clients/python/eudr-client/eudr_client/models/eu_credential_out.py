from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EuCredentialOut")


@_attrs_define
class EuCredentialOut:
    """Never the authentication key: only whether one is stored.

    Attributes:
        username (str):
        client_id (str):
        environment (str):
        authentication_key_set (bool):
        service_environment (str): The environment this service talks to
        updated_at (datetime.datetime | None):
        confirmed (bool): The EU accepted these credentials: when stored, or by a submission since
        confirmed_at (datetime.datetime | None):
        last_checked_at (datetime.datetime | None): When they were last tried with the EU; null: never (another
            environment)
        last_check_error (str): Why they are not confirmed (the EU did not answer, or what it said); empty when
            confirmed
    """

    username: str
    client_id: str
    environment: str
    authentication_key_set: bool
    service_environment: str
    updated_at: datetime.datetime | None
    confirmed: bool
    confirmed_at: datetime.datetime | None
    last_checked_at: datetime.datetime | None
    last_check_error: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        client_id = self.client_id

        environment = self.environment

        authentication_key_set = self.authentication_key_set

        service_environment = self.service_environment

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        confirmed = self.confirmed

        confirmed_at: None | str
        if isinstance(self.confirmed_at, datetime.datetime):
            confirmed_at = self.confirmed_at.isoformat()
        else:
            confirmed_at = self.confirmed_at

        last_checked_at: None | str
        if isinstance(self.last_checked_at, datetime.datetime):
            last_checked_at = self.last_checked_at.isoformat()
        else:
            last_checked_at = self.last_checked_at

        last_check_error = self.last_check_error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "client_id": client_id,
                "environment": environment,
                "authentication_key_set": authentication_key_set,
                "service_environment": service_environment,
                "updated_at": updated_at,
                "confirmed": confirmed,
                "confirmed_at": confirmed_at,
                "last_checked_at": last_checked_at,
                "last_check_error": last_check_error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        client_id = d.pop("client_id")

        environment = d.pop("environment")

        authentication_key_set = d.pop("authentication_key_set")

        service_environment = d.pop("service_environment")

        def _parse_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)

                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        confirmed = d.pop("confirmed")

        def _parse_confirmed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                confirmed_at_type_0 = datetime.datetime.fromisoformat(data)

                return confirmed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        confirmed_at = _parse_confirmed_at(d.pop("confirmed_at"))

        def _parse_last_checked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_checked_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_checked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_checked_at = _parse_last_checked_at(d.pop("last_checked_at"))

        last_check_error = d.pop("last_check_error")

        eu_credential_out = cls(
            username=username,
            client_id=client_id,
            environment=environment,
            authentication_key_set=authentication_key_set,
            service_environment=service_environment,
            updated_at=updated_at,
            confirmed=confirmed,
            confirmed_at=confirmed_at,
            last_checked_at=last_checked_at,
            last_check_error=last_check_error,
        )

        eu_credential_out.additional_properties = d
        return eu_credential_out

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
