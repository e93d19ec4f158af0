from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.role_obligations import RoleObligations


T = TypeVar("T", bound="RolesOut")


@_attrs_define
class RolesOut:
    """
    Attributes:
        roles (list[str]):
        is_sme (bool | None):
        asks_for_reference_numbers (bool): Only a first downstream operator or trader collects upstream reference
            numbers
        records_retention_years (int):
        obligations (list[RoleObligations]):
        available_roles (list[str]):
    """

    roles: list[str]
    is_sme: bool | None
    asks_for_reference_numbers: bool
    records_retention_years: int
    obligations: list[RoleObligations]
    available_roles: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        roles = self.roles

        is_sme: bool | None
        is_sme = self.is_sme

        asks_for_reference_numbers = self.asks_for_reference_numbers

        records_retention_years = self.records_retention_years

        obligations = []
        for obligations_item_data in self.obligations:
            obligations_item = obligations_item_data.to_dict()
            obligations.append(obligations_item)

        available_roles = self.available_roles

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "roles": roles,
                "is_sme": is_sme,
                "asks_for_reference_numbers": asks_for_reference_numbers,
                "records_retention_years": records_retention_years,
                "obligations": obligations,
                "available_roles": available_roles,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.role_obligations import RoleObligations  # noqa: PLC0415

        d = dict(src_dict)
        roles = cast(list[str], d.pop("roles"))

        def _parse_is_sme(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_sme = _parse_is_sme(d.pop("is_sme"))

        asks_for_reference_numbers = d.pop("asks_for_reference_numbers")

        records_retention_years = d.pop("records_retention_years")

        obligations = []
        _obligations = d.pop("obligations")
        for obligations_item_data in _obligations:
            obligations_item = RoleObligations.from_dict(obligations_item_data)

            obligations.append(obligations_item)

        available_roles = cast(list[str], d.pop("available_roles"))

        roles_out = cls(
            roles=roles,
            is_sme=is_sme,
            asks_for_reference_numbers=asks_for_reference_numbers,
            records_retention_years=records_retention_years,
            obligations=obligations,
            available_roles=available_roles,
        )

        roles_out.additional_properties = d
        return roles_out

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
