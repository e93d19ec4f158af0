from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConcernOut")


@_attrs_define
class ConcernOut:
    """
    Attributes:
        id (UUID):
        received_on (datetime.date):
        product (str):
        raised_by (str):
        concern (str):
        action_taken (str):
        placing_withheld (bool):
        authority_informed (bool):
        created_at (datetime.datetime):
    """

    id: UUID
    received_on: datetime.date
    product: str
    raised_by: str
    concern: str
    action_taken: str
    placing_withheld: bool
    authority_informed: bool
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        received_on = self.received_on.isoformat()

        product = self.product

        raised_by = self.raised_by

        concern = self.concern

        action_taken = self.action_taken

        placing_withheld = self.placing_withheld

        authority_informed = self.authority_informed

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "received_on": received_on,
                "product": product,
                "raised_by": raised_by,
                "concern": concern,
                "action_taken": action_taken,
                "placing_withheld": placing_withheld,
                "authority_informed": authority_informed,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        received_on = datetime.date.fromisoformat(d.pop("received_on"))

        product = d.pop("product")

        raised_by = d.pop("raised_by")

        concern = d.pop("concern")

        action_taken = d.pop("action_taken")

        placing_withheld = d.pop("placing_withheld")

        authority_informed = d.pop("authority_informed")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        concern_out = cls(
            id=id,
            received_on=received_on,
            product=product,
            raised_by=raised_by,
            concern=concern,
            action_taken=action_taken,
            placing_withheld=placing_withheld,
            authority_informed=authority_informed,
            created_at=created_at,
        )

        concern_out.additional_properties = d
        return concern_out

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
