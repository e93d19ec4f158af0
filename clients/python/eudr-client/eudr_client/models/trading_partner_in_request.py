from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.trading_partner_in_kind_enum import TradingPartnerInKindEnum, check_trading_partner_in_kind_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="TradingPartnerInRequest")


@_attrs_define
class TradingPartnerInRequest:
    """No reference number here: a later downstream operator or trader has none to give, and a
    first one records them at /api/eudr/v1/upstream-references.

        Attributes:
            kind (TradingPartnerInKindEnum): * `supplier` - supplier
                * `customer` - customer
            consignment_reference (str): Invoice, delivery note or batch
            consignment_date (datetime.date):
            name (str):
            postal_address (str):
            email (str):
            trade_name (str | Unset):  Default: ''.
            website (str | Unset):
    """

    kind: TradingPartnerInKindEnum
    consignment_reference: str
    consignment_date: datetime.date
    name: str
    postal_address: str
    email: str
    trade_name: str | Unset = ""
    website: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        consignment_reference = self.consignment_reference

        consignment_date = self.consignment_date.isoformat()

        name = self.name

        postal_address = self.postal_address

        email = self.email

        trade_name = self.trade_name

        website: str | Unset
        if isinstance(self.website, Unset):
            website = UNSET
        else:
            website = self.website

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "consignment_reference": consignment_reference,
                "consignment_date": consignment_date,
                "name": name,
                "postal_address": postal_address,
                "email": email,
            }
        )
        if trade_name is not UNSET:
            field_dict["trade_name"] = trade_name
        if website is not UNSET:
            field_dict["website"] = website

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_trading_partner_in_kind_enum(d.pop("kind"))

        consignment_reference = d.pop("consignment_reference")

        consignment_date = datetime.date.fromisoformat(d.pop("consignment_date"))

        name = d.pop("name")

        postal_address = d.pop("postal_address")

        email = d.pop("email")

        trade_name = d.pop("trade_name", UNSET)

        def _parse_website(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        website = _parse_website(d.pop("website", UNSET))

        trading_partner_in_request = cls(
            kind=kind,
            consignment_reference=consignment_reference,
            consignment_date=consignment_date,
            name=name,
            postal_address=postal_address,
            email=email,
            trade_name=trade_name,
            website=website,
        )

        trading_partner_in_request.additional_properties = d
        return trading_partner_in_request

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
