from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SystemReview")


@_attrs_define
class SystemReview:
    """
    Attributes:
        id (UUID):
        reviewed_on (datetime.date):
        reviewer (str):
        summary (str):
        retained_until (datetime.date):
        created_at (datetime.datetime):
    """

    id: UUID
    reviewed_on: datetime.date
    reviewer: str
    summary: str
    retained_until: datetime.date
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        reviewed_on = self.reviewed_on.isoformat()

        reviewer = self.reviewer

        summary = self.summary

        retained_until = self.retained_until.isoformat()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "reviewed_on": reviewed_on,
                "reviewer": reviewer,
                "summary": summary,
                "retained_until": retained_until,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        reviewed_on = datetime.date.fromisoformat(d.pop("reviewed_on"))

        reviewer = d.pop("reviewer")

        summary = d.pop("summary")

        retained_until = datetime.date.fromisoformat(d.pop("retained_until"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        system_review = cls(
            id=id,
            reviewed_on=reviewed_on,
            reviewer=reviewer,
            summary=summary,
            retained_until=retained_until,
            created_at=created_at,
        )

        system_review.additional_properties = d
        return system_review

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
