from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConsignmentInRequest")


@_attrs_define
class ConsignmentInRequest:
    """
    Attributes:
        consignment_reference (str): Your delivery note or lot number
        consignment_date (datetime.date):
    """

    consignment_reference: str
    consignment_date: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        consignment_reference = self.consignment_reference

        consignment_date = self.consignment_date.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "consignment_reference": consignment_reference,
                "consignment_date": consignment_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        consignment_reference = d.pop("consignment_reference")

        consignment_date = datetime.date.fromisoformat(d.pop("consignment_date"))

        consignment_in_request = cls(
            consignment_reference=consignment_reference,
            consignment_date=consignment_date,
        )

        consignment_in_request.additional_properties = d
        return consignment_in_request

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
