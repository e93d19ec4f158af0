from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OperatorOut")


@_attrs_define
class OperatorOut:
    """
    Attributes:
        name (str):
        nip (str):
        eori (str):
        country (str):
        address (str):
        email (str):
        phone (str):
    """

    name: str
    nip: str
    eori: str
    country: str
    address: str
    email: str
    phone: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        nip = self.nip

        eori = self.eori

        country = self.country

        address = self.address

        email = self.email

        phone = self.phone

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "nip": nip,
                "eori": eori,
                "country": country,
                "address": address,
                "email": email,
                "phone": phone,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        nip = d.pop("nip")

        eori = d.pop("eori")

        country = d.pop("country")

        address = d.pop("address")

        email = d.pop("email")

        phone = d.pop("phone")

        operator_out = cls(
            name=name,
            nip=nip,
            eori=eori,
            country=country,
            address=address,
            email=email,
            phone=phone,
        )

        operator_out.additional_properties = d
        return operator_out

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
