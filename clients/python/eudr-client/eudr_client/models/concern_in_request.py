from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConcernInRequest")


@_attrs_define
class ConcernInRequest:
    """
    Attributes:
        received_on (datetime.date):
        product (str):
        concern (str):
        action_taken (str):
        raised_by (str | Unset):  Default: ''.
        placing_withheld (bool | Unset):  Default: False.
        authority_informed (bool | Unset):  Default: False.
    """

    received_on: datetime.date
    product: str
    concern: str
    action_taken: str
    raised_by: str | Unset = ""
    placing_withheld: bool | Unset = False
    authority_informed: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        received_on = self.received_on.isoformat()

        product = self.product

        concern = self.concern

        action_taken = self.action_taken

        raised_by = self.raised_by

        placing_withheld = self.placing_withheld

        authority_informed = self.authority_informed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "received_on": received_on,
                "product": product,
                "concern": concern,
                "action_taken": action_taken,
            }
        )
        if raised_by is not UNSET:
            field_dict["raised_by"] = raised_by
        if placing_withheld is not UNSET:
            field_dict["placing_withheld"] = placing_withheld
        if authority_informed is not UNSET:
            field_dict["authority_informed"] = authority_informed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        received_on = datetime.date.fromisoformat(d.pop("received_on"))

        product = d.pop("product")

        concern = d.pop("concern")

        action_taken = d.pop("action_taken")

        raised_by = d.pop("raised_by", UNSET)

        placing_withheld = d.pop("placing_withheld", UNSET)

        authority_informed = d.pop("authority_informed", UNSET)

        concern_in_request = cls(
            received_on=received_on,
            product=product,
            concern=concern,
            action_taken=action_taken,
            raised_by=raised_by,
            placing_withheld=placing_withheld,
            authority_informed=authority_informed,
        )

        concern_in_request.additional_properties = d
        return concern_in_request

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
