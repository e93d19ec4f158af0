from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnnualReportInRequest")


@_attrs_define
class AnnualReportInRequest:
    """
    Attributes:
        year (int):
        system_description (str | Unset):
        steps_taken (str | Unset):
    """

    year: int
    system_description: str | Unset = UNSET
    steps_taken: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        year = self.year

        system_description = self.system_description

        steps_taken = self.steps_taken

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "year": year,
            }
        )
        if system_description is not UNSET:
            field_dict["system_description"] = system_description
        if steps_taken is not UNSET:
            field_dict["steps_taken"] = steps_taken

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        year = d.pop("year")

        system_description = d.pop("system_description", UNSET)

        steps_taken = d.pop("steps_taken", UNSET)

        annual_report_in_request = cls(
            year=year,
            system_description=system_description,
            steps_taken=steps_taken,
        )

        annual_report_in_request.additional_properties = d
        return annual_report_in_request

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
