from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SystemReviewRequest")


@_attrs_define
class SystemReviewRequest:
    """
    Attributes:
        reviewed_on (datetime.date):
        reviewer (str):
        summary (str):
    """

    reviewed_on: datetime.date
    reviewer: str
    summary: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reviewed_on = self.reviewed_on.isoformat()

        reviewer = self.reviewer

        summary = self.summary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reviewed_on": reviewed_on,
                "reviewer": reviewer,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reviewed_on = datetime.date.fromisoformat(d.pop("reviewed_on"))

        reviewer = d.pop("reviewer")

        summary = d.pop("summary")

        system_review_request = cls(
            reviewed_on=reviewed_on,
            reviewer=reviewer,
            summary=summary,
        )

        system_review_request.additional_properties = d
        return system_review_request

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
