from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verify_filed_by_role_enum import VerifyFiledByRoleEnum, check_verify_filed_by_role_enum

T = TypeVar("T", bound="VerifyFiledBy")


@_attrs_define
class VerifyFiledBy:
    """
    Attributes:
        role (VerifyFiledByRoleEnum): * `operator` - operator
            * `authorised_representative` - authorised_representative
        name (None | str): The operator's public name; for a representative, its organisation's registered name
        confirmed_by_staff (bool): Staff verified the operator, or confirmed the representative (once, for all it files
            for)
    """

    role: VerifyFiledByRoleEnum
    name: None | str
    confirmed_by_staff: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        role: str = self.role

        name: None | str
        name = self.name

        confirmed_by_staff = self.confirmed_by_staff

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "role": role,
                "name": name,
                "confirmed_by_staff": confirmed_by_staff,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = check_verify_filed_by_role_enum(d.pop("role"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        confirmed_by_staff = d.pop("confirmed_by_staff")

        verify_filed_by = cls(
            role=role,
            name=name,
            confirmed_by_staff=confirmed_by_staff,
        )

        verify_filed_by.additional_properties = d
        return verify_filed_by

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
