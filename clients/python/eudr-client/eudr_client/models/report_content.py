from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.figure import Figure
    from ..models.review_shown import ReviewShown


T = TypeVar("T", bound="ReportContent")


@_attrs_define
class ReportContent:
    """
    Attributes:
        system_description (str): The operator's own words
        steps_taken (str): The operator's own words
        figures (list[Figure]): Computed from the records, never typed
        reviews (list[ReviewShown]): The year's reviews of the system (Article 12(2))
        computed_at (datetime.datetime): When the figures were computed
    """

    system_description: str
    steps_taken: str
    figures: list[Figure]
    reviews: list[ReviewShown]
    computed_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        system_description = self.system_description

        steps_taken = self.steps_taken

        figures = []
        for figures_item_data in self.figures:
            figures_item = figures_item_data.to_dict()
            figures.append(figures_item)

        reviews = []
        for reviews_item_data in self.reviews:
            reviews_item = reviews_item_data.to_dict()
            reviews.append(reviews_item)

        computed_at = self.computed_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "system_description": system_description,
                "steps_taken": steps_taken,
                "figures": figures,
                "reviews": reviews,
                "computed_at": computed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.figure import Figure  # noqa: PLC0415
        from ..models.review_shown import ReviewShown  # noqa: PLC0415

        d = dict(src_dict)
        system_description = d.pop("system_description")

        steps_taken = d.pop("steps_taken")

        figures = []
        _figures = d.pop("figures")
        for figures_item_data in _figures:
            figures_item = Figure.from_dict(figures_item_data)

            figures.append(figures_item)

        reviews = []
        _reviews = d.pop("reviews")
        for reviews_item_data in _reviews:
            reviews_item = ReviewShown.from_dict(reviews_item_data)

            reviews.append(reviews_item)

        computed_at = datetime.datetime.fromisoformat(d.pop("computed_at"))

        report_content = cls(
            system_description=system_description,
            steps_taken=steps_taken,
            figures=figures,
            reviews=reviews,
            computed_at=computed_at,
        )

        report_content.additional_properties = d
        return report_content

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
