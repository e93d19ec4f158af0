from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.batch_summary_by_level import BatchSummaryByLevel


T = TypeVar("T", bound="BatchSummary")


@_attrs_define
class BatchSummary:
    """
    Attributes:
        count (int):
        by_level (BatchSummaryByLevel):
        max_score (int):
        radius_km (float):
    """

    count: int
    by_level: BatchSummaryByLevel
    max_score: int
    radius_km: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        by_level = self.by_level.to_dict()

        max_score = self.max_score

        radius_km = self.radius_km

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "by_level": by_level,
                "max_score": max_score,
                "radius_km": radius_km,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_summary_by_level import BatchSummaryByLevel  # noqa: PLC0415

        d = dict(src_dict)
        count = d.pop("count")

        by_level = BatchSummaryByLevel.from_dict(d.pop("by_level"))

        max_score = d.pop("max_score")

        radius_km = d.pop("radius_km")

        batch_summary = cls(
            count=count,
            by_level=by_level,
            max_score=max_score,
            radius_km=radius_km,
        )

        batch_summary.additional_properties = d
        return batch_summary

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
