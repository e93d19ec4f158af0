from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ProducerOut")


@_attrs_define
class ProducerOut:
    """
    Attributes:
        name (str):
        country (str):
        is_operator (bool): true: the operator produced these goods itself
        plots (list[int]): The producer's plots: their numbers (1-based) in `plots`
    """

    name: str
    country: str
    is_operator: bool
    plots: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        country = self.country

        is_operator = self.is_operator

        plots = self.plots

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "country": country,
                "is_operator": is_operator,
                "plots": plots,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        country = d.pop("country")

        is_operator = d.pop("is_operator")

        plots = cast(list[int], d.pop("plots"))

        producer_out = cls(
            name=name,
            country=country,
            is_operator=is_operator,
            plots=plots,
        )

        producer_out.additional_properties = d
        return producer_out

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
