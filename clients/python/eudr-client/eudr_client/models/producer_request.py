from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plot_request import PlotRequest


T = TypeVar("T", bound="ProducerRequest")


@_attrs_define
class ProducerRequest:
    """Who produced the goods of a commodity line, and on which plots (V3 DdsProducerType).

    Attributes:
        plots (list[PlotRequest]):
        name (str | Unset): The producer's name (a farm, a company)
        country (str | Unset): Country of production
        is_operator (bool | Unset): true: the operator produced these itself (name and country then default to the
            operator's and the line's) Default: False.
    """

    plots: list[PlotRequest]
    name: str | Unset = UNSET
    country: str | Unset = UNSET
    is_operator: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        plots = []
        for plots_item_data in self.plots:
            plots_item = plots_item_data.to_dict()
            plots.append(plots_item)

        name = self.name

        country = self.country

        is_operator = self.is_operator

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "plots": plots,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if country is not UNSET:
            field_dict["country"] = country
        if is_operator is not UNSET:
            field_dict["is_operator"] = is_operator

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plot_request import PlotRequest  # noqa: PLC0415

        d = dict(src_dict)
        plots = []
        _plots = d.pop("plots")
        for plots_item_data in _plots:
            plots_item = PlotRequest.from_dict(plots_item_data)

            plots.append(plots_item)

        name = d.pop("name", UNSET)

        country = d.pop("country", UNSET)

        is_operator = d.pop("is_operator", UNSET)

        producer_request = cls(
            plots=plots,
            name=name,
            country=country,
            is_operator=is_operator,
        )

        producer_request.additional_properties = d
        return producer_request

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
