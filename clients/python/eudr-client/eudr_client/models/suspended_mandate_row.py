from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.authorised_field_enum import AuthorisedFieldEnum, check_authorised_field_enum

T = TypeVar("T", bound="SuspendedMandateRow")


@_attrs_define
class SuspendedMandateRow:
    """
    Attributes:
        line (int): The file's line (CSV) or sheet row (XLSX)
        producer_number (str):
        supplier_id (UUID):
        changed (list[AuthorisedFieldEnum]):
    """

    line: int
    producer_number: str
    supplier_id: UUID
    changed: list[AuthorisedFieldEnum]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        line = self.line

        producer_number = self.producer_number

        supplier_id = str(self.supplier_id)

        changed = []
        for changed_item_data in self.changed:
            changed_item: str = changed_item_data
            changed.append(changed_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "line": line,
                "producer_number": producer_number,
                "supplier_id": supplier_id,
                "changed": changed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        line = d.pop("line")

        producer_number = d.pop("producer_number")

        supplier_id = UUID(d.pop("supplier_id"))

        changed = []
        _changed = d.pop("changed")
        for changed_item_data in _changed:
            changed_item = check_authorised_field_enum(changed_item_data)

            changed.append(changed_item)

        suspended_mandate_row = cls(
            line=line,
            producer_number=producer_number,
            supplier_id=supplier_id,
            changed=changed,
        )

        suspended_mandate_row.additional_properties = d
        return suspended_mandate_row

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
