from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DataCoverage")


@_attrs_define
class DataCoverage:
    """
    Attributes:
        country (bool):
        benchmark (bool):
        layers_answered (list[str]):
        layers_missing (list[str]):
        note (str | Unset):
    """

    country: bool
    benchmark: bool
    layers_answered: list[str]
    layers_missing: list[str]
    note: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        country = self.country

        benchmark = self.benchmark

        layers_answered = self.layers_answered

        layers_missing = self.layers_missing

        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "country": country,
                "benchmark": benchmark,
                "layers_answered": layers_answered,
                "layers_missing": layers_missing,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        country = d.pop("country")

        benchmark = d.pop("benchmark")

        layers_answered = cast(list[str], d.pop("layers_answered"))

        layers_missing = cast(list[str], d.pop("layers_missing"))

        note = d.pop("note", UNSET)

        data_coverage = cls(
            country=country,
            benchmark=benchmark,
            layers_answered=layers_answered,
            layers_missing=layers_missing,
            note=note,
        )

        data_coverage.additional_properties = d
        return data_coverage

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
