from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.upstream_origin_enum import UpstreamOriginEnum, check_upstream_origin_enum
from ..models.upstream_state_enum import UpstreamStateEnum, check_upstream_state_enum

T = TypeVar("T", bound="UpstreamReferenceOut")


@_attrs_define
class UpstreamReferenceOut:
    """
    Attributes:
        reference_number (str):
        verification_number (str):
        supplier (str):
        note (str):
        result (str): verifyDeclaration: EXISTING_USABLE, EXISTING_NON_USABLE, NON_EXISTENT; empty: unchecked
        eu_status (str):
        eu_checked_at (datetime.datetime | None):
        error_message (str):
        origin (UpstreamOriginEnum): * `recorded` - recorded
            * `roster` - roster
            * `consignment` - consignment
            * `own` - own
        state (UpstreamStateEnum): * `valid` - valid
            * `withdrawn` - withdrawn
            * `not_usable` - not_usable
            * `not_found` - not_found
            * `unknown` - unknown
        state_changed_at (datetime.datetime | None):
        checked_at (datetime.datetime | None): When the EU last answered (our clock)
        due_at (datetime.datetime): When the next scheduled check is due
        created_at (datetime.datetime):
    """

    reference_number: str
    verification_number: str
    supplier: str
    note: str
    result: str
    eu_status: str
    eu_checked_at: datetime.datetime | None
    error_message: str
    origin: UpstreamOriginEnum
    state: UpstreamStateEnum
    state_changed_at: datetime.datetime | None
    checked_at: datetime.datetime | None
    due_at: datetime.datetime
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reference_number = self.reference_number

        verification_number = self.verification_number

        supplier = self.supplier

        note = self.note

        result = self.result

        eu_status = self.eu_status

        eu_checked_at: None | str
        if isinstance(self.eu_checked_at, datetime.datetime):
            eu_checked_at = self.eu_checked_at.isoformat()
        else:
            eu_checked_at = self.eu_checked_at

        error_message = self.error_message

        origin: str = self.origin

        state: str = self.state

        state_changed_at: None | str
        if isinstance(self.state_changed_at, datetime.datetime):
            state_changed_at = self.state_changed_at.isoformat()
        else:
            state_changed_at = self.state_changed_at

        checked_at: None | str
        if isinstance(self.checked_at, datetime.datetime):
            checked_at = self.checked_at.isoformat()
        else:
            checked_at = self.checked_at

        due_at = self.due_at.isoformat()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reference_number": reference_number,
                "verification_number": verification_number,
                "supplier": supplier,
                "note": note,
                "result": result,
                "eu_status": eu_status,
                "eu_checked_at": eu_checked_at,
                "error_message": error_message,
                "origin": origin,
                "state": state,
                "state_changed_at": state_changed_at,
                "checked_at": checked_at,
                "due_at": due_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reference_number = d.pop("reference_number")

        verification_number = d.pop("verification_number")

        supplier = d.pop("supplier")

        note = d.pop("note")

        result = d.pop("result")

        eu_status = d.pop("eu_status")

        def _parse_eu_checked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                eu_checked_at_type_0 = datetime.datetime.fromisoformat(data)

                return eu_checked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        eu_checked_at = _parse_eu_checked_at(d.pop("eu_checked_at"))

        error_message = d.pop("error_message")

        origin = check_upstream_origin_enum(d.pop("origin"))

        state = check_upstream_state_enum(d.pop("state"))

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

        due_at = datetime.datetime.fromisoformat(d.pop("due_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        upstream_reference_out = cls(
            reference_number=reference_number,
            verification_number=verification_number,
            supplier=supplier,
            note=note,
            result=result,
            eu_status=eu_status,
            eu_checked_at=eu_checked_at,
            error_message=error_message,
            origin=origin,
            state=state,
            state_changed_at=state_changed_at,
            checked_at=checked_at,
            due_at=due_at,
            created_at=created_at,
        )

        upstream_reference_out.additional_properties = d
        return upstream_reference_out

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
