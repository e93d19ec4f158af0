from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.upstream_state_enum import UpstreamStateEnum, check_upstream_state_enum

T = TypeVar("T", bound="ExistingDeclarationOut")


@_attrs_define
class ExistingDeclarationOut:
    """
    Attributes:
        state (UpstreamStateEnum): * `valid` - valid
            * `withdrawn` - withdrawn
            * `not_usable` - not_usable
            * `not_found` - not_found
            * `unknown` - unknown
        result (str): verifyDeclaration's result; empty before the EU answered
        eu_status (str): The EU's status of the declaration, when it gave one
        checked_at (datetime.datetime | None): When the EU last answered
        state_changed_at (datetime.datetime | None):
        error_message (str): Why the last check got no answer; empty otherwise
    """

    state: UpstreamStateEnum
    result: str
    eu_status: str
    checked_at: datetime.datetime | None
    state_changed_at: datetime.datetime | None
    error_message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        state: str = self.state

        result = self.result

        eu_status = self.eu_status

        checked_at: None | str
        if isinstance(self.checked_at, datetime.datetime):
            checked_at = self.checked_at.isoformat()
        else:
            checked_at = self.checked_at

        state_changed_at: None | str
        if isinstance(self.state_changed_at, datetime.datetime):
            state_changed_at = self.state_changed_at.isoformat()
        else:
            state_changed_at = self.state_changed_at

        error_message = self.error_message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "state": state,
                "result": result,
                "eu_status": eu_status,
                "checked_at": checked_at,
                "state_changed_at": state_changed_at,
                "error_message": error_message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        state = check_upstream_state_enum(d.pop("state"))

        result = d.pop("result")

        eu_status = d.pop("eu_status")

        def _parse_checked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                checked_at_type_0 = datetime.datetime.fromisoformat(data)

                return checked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        checked_at = _parse_checked_at(d.pop("checked_at"))

        def _parse_state_changed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_changed_at_type_0 = datetime.datetime.fromisoformat(data)

                return state_changed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        state_changed_at = _parse_state_changed_at(d.pop("state_changed_at"))

        error_message = d.pop("error_message")

        existing_declaration_out = cls(
            state=state,
            result=result,
            eu_status=eu_status,
            checked_at=checked_at,
            state_changed_at=state_changed_at,
            error_message=error_message,
        )

        existing_declaration_out.additional_properties = d
        return existing_declaration_out

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
