from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpstreamReferenceInRequest")


@_attrs_define
class UpstreamReferenceInRequest:
    """
    Attributes:
        reference_number (str): At most 14 characters
        verification_number (str): 5 to 35 characters
        supplier (str | Unset):
        note (str | Unset):
    """

    reference_number: str
    verification_number: str
    supplier: str | Unset = UNSET
    note: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reference_number = self.reference_number

        verification_number = self.verification_number

        supplier = self.supplier

        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reference_number": reference_number,
                "verification_number": verification_number,
            }
        )
        if supplier is not UNSET:
            field_dict["supplier"] = supplier
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reference_number = d.pop("reference_number")

        verification_number = d.pop("verification_number")

        supplier = d.pop("supplier", UNSET)

        note = d.pop("note", UNSET)

        upstream_reference_in_request = cls(
            reference_number=reference_number,
            verification_number=verification_number,
            supplier=supplier,
            note=note,
        )

        upstream_reference_in_request.additional_properties = d
        return upstream_reference_in_request

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
