from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlotOut")


@_attrs_define
class PlotOut:
    """
    Attributes:
        kind (str):
        parcel_id (str):
        geometry (Any):
        area_ha (None | str):
        risk_level (None | str): null until screened
        screening_error (str):
        finding (str): Stable code of the verdict rule for this plot
        risk (Any):
    """

    kind: str
    parcel_id: str
    geometry: Any
    area_ha: None | str
    risk_level: None | str
    screening_error: str
    finding: str
    risk: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        parcel_id = self.parcel_id

        geometry = self.geometry

        area_ha: None | str
        area_ha = self.area_ha

        risk_level: None | str
        risk_level = self.risk_level

        screening_error = self.screening_error

        finding = self.finding

        risk = self.risk

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "parcel_id": parcel_id,
                "geometry": geometry,
                "area_ha": area_ha,
                "risk_level": risk_level,
                "screening_error": screening_error,
                "finding": finding,
                "risk": risk,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = d.pop("kind")

        parcel_id = d.pop("parcel_id")

        geometry = d.pop("geometry")

        def _parse_area_ha(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        area_ha = _parse_area_ha(d.pop("area_ha"))

        def _parse_risk_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        risk_level = _parse_risk_level(d.pop("risk_level"))

        screening_error = d.pop("screening_error")

        finding = d.pop("finding")

        risk = d.pop("risk")

        plot_out = cls(
            kind=kind,
            parcel_id=parcel_id,
            geometry=geometry,
            area_ha=area_ha,
            risk_level=risk_level,
            screening_error=screening_error,
            finding=finding,
            risk=risk,
        )

        plot_out.additional_properties = d
        return plot_out

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
