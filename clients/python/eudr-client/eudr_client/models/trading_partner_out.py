from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TradingPartnerOut")


@_attrs_define
class TradingPartnerOut:
    """
    Attributes:
        id (UUID):
        kind (str):
        consignment_reference (str):
        consignment_date (datetime.date):
        name (str):
        trade_name (str):
        postal_address (str):
        email (str):
        website (str):
        retained_until (datetime.date): Kept at least until this day; deleted after it
        created_at (datetime.datetime):
    """

    id: UUID
    kind: str
    consignment_reference: str
    consignment_date: datetime.date
    name: str
    trade_name: str
    postal_address: str
    email: str
    website: str
    retained_until: datetime.date
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind

        consignment_reference = self.consignment_reference

        consignment_date = self.consignment_date.isoformat()

        name = self.name

        trade_name = self.trade_name

        postal_address = self.postal_address

        email = self.email

        website = self.website

        retained_until = self.retained_until.isoformat()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "consignment_reference": consignment_reference,
                "consignment_date": consignment_date,
                "name": name,
                "trade_name": trade_name,
                "postal_address": postal_address,
                "email": email,
                "website": website,
                "retained_until": retained_until,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = d.pop("kind")

        consignment_reference = d.pop("consignment_reference")

        consignment_date = datetime.date.fromisoformat(d.pop("consignment_date"))

        name = d.pop("name")

        trade_name = d.pop("trade_name")

        postal_address = d.pop("postal_address")

        email = d.pop("email")

        website = d.pop("website")

        retained_until = datetime.date.fromisoformat(d.pop("retained_until"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        trading_partner_out = cls(
            id=id,
            kind=kind,
            consignment_reference=consignment_reference,
            consignment_date=consignment_date,
            name=name,
            trade_name=trade_name,
            postal_address=postal_address,
            email=email,
            website=website,
            retained_until=retained_until,
            created_at=created_at,
        )

        trading_partner_out.additional_properties = d
        return trading_partner_out

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
