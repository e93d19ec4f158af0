from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.point_request import PointRequest


T = TypeVar("T", bound="BatchRequest")


@_attrs_define
class BatchRequest:
    """
    Attributes:
        parcels (list[PointRequest]):
        radius_km (float | Unset):  Default: 1.0.
        commodity (str | Unset):
        keep_evidence (bool | Unset): Keep the result as a signed evidence record (docs/evidence.md); the answer names
            it Default: False.
    """

    parcels: list[PointRequest]
    radius_km: float | Unset = 1.0
    commodity: str | Unset = UNSET
    keep_evidence: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        parcels = []
        for parcels_item_data in self.parcels:
            parcels_item = parcels_item_data.to_dict()
            parcels.append(parcels_item)

        radius_km = self.radius_km

        commodity = self.commodity

        keep_evidence = self.keep_evidence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "parcels": parcels,
            }
        )
        if radius_km is not UNSET:
            field_dict["radiusKm"] = radius_km
        if commodity is not UNSET:
            field_dict["commodity"] = commodity
        if keep_evidence is not UNSET:
            field_dict["keepEvidence"] = keep_evidence

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.point_request import PointRequest  # noqa: PLC0415

        d = dict(src_dict)
        parcels = []
        _parcels = d.pop("parcels")
        for parcels_item_data in _parcels:
            parcels_item = PointRequest.from_dict(parcels_item_data)

            parcels.append(parcels_item)

        radius_km = d.pop("radiusKm", UNSET)

        commodity = d.pop("commodity", UNSET)

        keep_evidence = d.pop("keepEvidence", UNSET)

        batch_request = cls(
            parcels=parcels,
            radius_km=radius_km,
            commodity=commodity,
            keep_evidence=keep_evidence,
        )

        batch_request.additional_properties = d
        return batch_request

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
