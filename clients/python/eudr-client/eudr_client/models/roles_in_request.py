from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.roles_enum import RolesEnum, check_roles_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="RolesInRequest")


@_attrs_define
class RolesInRequest:
    """
    Attributes:
        roles (list[RolesEnum]):
        is_sme (bool | None | Unset): Small or medium-sized enterprise; Article 5(2) and 5(6) are for non-SMEs. null:
            not said
    """

    roles: list[RolesEnum]
    is_sme: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        roles = []
        for roles_item_data in self.roles:
            roles_item: str = roles_item_data
            roles.append(roles_item)

        is_sme: bool | None | Unset
        if isinstance(self.is_sme, Unset):
            is_sme = UNSET
        else:
            is_sme = self.is_sme

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "roles": roles,
            }
        )
        if is_sme is not UNSET:
            field_dict["is_sme"] = is_sme

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        roles = []
        _roles = d.pop("roles")
        for roles_item_data in _roles:
            roles_item = check_roles_enum(roles_item_data)

            roles.append(roles_item)

        def _parse_is_sme(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_sme = _parse_is_sme(d.pop("is_sme", UNSET))

        roles_in_request = cls(
            roles=roles,
            is_sme=is_sme,
        )

        roles_in_request.additional_properties = d
        return roles_in_request

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
