from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PostalAddressRequest")


@_attrs_define
class PostalAddressRequest:
    """A place of production by postal address (sd:SdProducerPostalAddressType).

    Attributes:
        postal_code (str): Polish form NN-NNN in Poland
        city (str): Town or village
        street (str | Unset): Street and number; optional
    """

    postal_code: str
    city: str
    street: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        postal_code = self.postal_code

        city = self.city

        street = self.street

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "postal_code": postal_code,
                "city": city,
            }
        )
        if street is not UNSET:
            field_dict["street"] = street

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        postal_code = d.pop("postal_code")

        city = d.pop("city")

        street = d.pop("street", UNSET)

        postal_address_request = cls(
            postal_code=postal_code,
            city=city,
            street=street,
        )

        postal_address_request.additional_properties = d
        return postal_address_request

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
