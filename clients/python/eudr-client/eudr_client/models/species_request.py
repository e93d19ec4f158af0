from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SpeciesRequest")


@_attrs_define
class SpeciesRequest:
    """One speciesInfo pair; both names are needed (OPS 10.3 asks for both for wood).

    Attributes:
        scientific_name (str): e.g. Quercus robur
        common_name (str): e.g. dąb szypułkowy
    """

    scientific_name: str
    common_name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scientific_name = self.scientific_name

        common_name = self.common_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scientific_name": scientific_name,
                "common_name": common_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scientific_name = d.pop("scientific_name")

        common_name = d.pop("common_name")

        species_request = cls(
            scientific_name=scientific_name,
            common_name=common_name,
        )

        species_request.additional_properties = d
        return species_request

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
