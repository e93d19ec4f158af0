from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.point import Point


T = TypeVar("T", bound="ParcelOut")


@_attrs_define
class ParcelOut:
    """
    Attributes:
        id (str):
        teryt (str):
        voivodeship (str):
        county (str):
        commune (str):
        area_ha (float):
        centroid (Point):
        source (str):
        fetched_at (datetime.datetime):
        from_cache (bool):
    """

    id: str
    teryt: str
    voivodeship: str
    county: str
    commune: str
    area_ha: float
    centroid: Point
    source: str
    fetched_at: datetime.datetime
    from_cache: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        teryt = self.teryt

        voivodeship = self.voivodeship

        county = self.county

        commune = self.commune

        area_ha = self.area_ha

        centroid = self.centroid.to_dict()

        source = self.source

        fetched_at = self.fetched_at.isoformat()

        from_cache = self.from_cache

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "teryt": teryt,
                "voivodeship": voivodeship,
                "county": county,
                "commune": commune,
                "area_ha": area_ha,
                "centroid": centroid,
                "source": source,
                "fetched_at": fetched_at,
                "from_cache": from_cache,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.point import Point  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        teryt = d.pop("teryt")

        voivodeship = d.pop("voivodeship")

        county = d.pop("county")

        commune = d.pop("commune")

        area_ha = d.pop("area_ha")

        centroid = Point.from_dict(d.pop("centroid"))

        source = d.pop("source")

        fetched_at = datetime.datetime.fromisoformat(d.pop("fetched_at"))

        from_cache = d.pop("from_cache")

        parcel_out = cls(
            id=id,
            teryt=teryt,
            voivodeship=voivodeship,
            county=county,
            commune=commune,
            area_ha=area_ha,
            centroid=centroid,
            source=source,
            fetched_at=fetched_at,
            from_cache=from_cache,
        )

        parcel_out.additional_properties = d
        return parcel_out

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
