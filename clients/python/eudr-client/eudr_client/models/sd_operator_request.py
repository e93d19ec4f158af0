from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.size_enum import SizeEnum, check_size_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="SDOperatorRequest")


@_attrs_define
class SDOperatorRequest:
    """
    Attributes:
        name (str):
        country (str):
        address (str):
        size (SizeEnum): * `natural_person` - natural_person
            * `micro` - micro
            * `small` - small
            * `medium` - medium
            * `large` - large
        nip (str | Unset):
        eori (str | Unset):
        email (str | Unset):
        phone (str | Unset):
    """

    name: str
    country: str
    address: str
    size: SizeEnum
    nip: str | Unset = UNSET
    eori: str | Unset = UNSET
    email: str | Unset = UNSET
    phone: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        country = self.country

        address = self.address

        size: str = self.size

        nip = self.nip

        eori = self.eori

        email: str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        phone = self.phone

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "country": country,
                "address": address,
                "size": size,
            }
        )
        if nip is not UNSET:
            field_dict["nip"] = nip
        if eori is not UNSET:
            field_dict["eori"] = eori
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        country = d.pop("country")

        address = d.pop("address")

        size = check_size_enum(d.pop("size"))

        nip = d.pop("nip", UNSET)

        eori = d.pop("eori", UNSET)

        def _parse_email(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        phone = d.pop("phone", UNSET)

        sd_operator_request = cls(
            name=name,
            country=country,
            address=address,
            size=size,
            nip=nip,
            eori=eori,
            email=email,
            phone=phone,
        )

        sd_operator_request.additional_properties = d
        return sd_operator_request

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
