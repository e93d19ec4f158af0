from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MandateRequestsInRequest")


@_attrs_define
class MandateRequestsInRequest:
    """
    Attributes:
        suppliers (list[UUID] | Unset): The suppliers to ask; without it, every supplier with an e-mail and no mandate
            in force
    """

    suppliers: list[UUID] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        suppliers: list[str] | Unset = UNSET
        if not isinstance(self.suppliers, Unset):
            suppliers = []
            for suppliers_item_data in self.suppliers:
                suppliers_item = str(suppliers_item_data)
                suppliers.append(suppliers_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if suppliers is not UNSET:
            field_dict["suppliers"] = suppliers

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _suppliers = d.pop("suppliers", UNSET)
        suppliers: list[UUID] | Unset = UNSET
        if _suppliers is not UNSET:
            suppliers = []
            for suppliers_item_data in _suppliers:
                suppliers_item = UUID(suppliers_item_data)

                suppliers.append(suppliers_item)

        mandate_requests_in_request = cls(
            suppliers=suppliers,
        )

        mandate_requests_in_request.additional_properties = d
        return mandate_requests_in_request

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
