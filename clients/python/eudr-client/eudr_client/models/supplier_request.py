from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.crop_type_enum import CropTypeEnum, check_crop_type_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="SupplierRequest")


@_attrs_define
class SupplierRequest:
    """
    Attributes:
        name (str):
        crop_type (CropTypeEnum): * `wheat` - wheat
            * `corn` - corn
            * `rapeseed` - rapeseed
            * `soy` - soy
            * `other` - other
        nip (None | str | Unset): Polish NIP; dashes, spaces and a PL prefix are accepted and removed.
        parcel_id (None | str | Unset): ULDK form, e.g. 141201_1.0001.6509
        quantity_t (float | None | Unset): Tonnes purchased
        area_ha (float | None | Unset): Hectares farmed
        location (None | str | Unset): Voivodeship name (suppliers in Poland); for other countries, the same as region
        country (None | str | Unset): ISO 3166-1 alpha-2 country of the farm; absent means Poland (PL)
        region (None | str | Unset): Region of the farm: a voivodeship in Poland; elsewhere shown as given
        lat (float | None | Unset):
        lng (float | None | Unset):
    """

    name: str
    crop_type: CropTypeEnum
    nip: None | str | Unset = UNSET
    parcel_id: None | str | Unset = UNSET
    quantity_t: float | None | Unset = UNSET
    area_ha: float | None | Unset = UNSET
    location: None | str | Unset = UNSET
    country: None | str | Unset = UNSET
    region: None | str | Unset = UNSET
    lat: float | None | Unset = UNSET
    lng: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        crop_type: str = self.crop_type

        nip: None | str | Unset
        if isinstance(self.nip, Unset):
            nip = UNSET
        else:
            nip = self.nip

        parcel_id: None | str | Unset
        if isinstance(self.parcel_id, Unset):
            parcel_id = UNSET
        else:
            parcel_id = self.parcel_id

        quantity_t: float | None | Unset
        if isinstance(self.quantity_t, Unset):
            quantity_t = UNSET
        else:
            quantity_t = self.quantity_t

        area_ha: float | None | Unset
        if isinstance(self.area_ha, Unset):
            area_ha = UNSET
        else:
            area_ha = self.area_ha

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location

        country: None | str | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        else:
            country = self.country

        region: None | str | Unset
        if isinstance(self.region, Unset):
            region = UNSET
        else:
            region = self.region

        lat: float | None | Unset
        if isinstance(self.lat, Unset):
            lat = UNSET
        else:
            lat = self.lat

        lng: float | None | Unset
        if isinstance(self.lng, Unset):
            lng = UNSET
        else:
            lng = self.lng

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "crop_type": crop_type,
            }
        )
        if nip is not UNSET:
            field_dict["nip"] = nip
        if parcel_id is not UNSET:
            field_dict["parcel_id"] = parcel_id
        if quantity_t is not UNSET:
            field_dict["quantity_t"] = quantity_t
        if area_ha is not UNSET:
            field_dict["area_ha"] = area_ha
        if location is not UNSET:
            field_dict["location"] = location
        if country is not UNSET:
            field_dict["country"] = country
        if region is not UNSET:
            field_dict["region"] = region
        if lat is not UNSET:
            field_dict["lat"] = lat
        if lng is not UNSET:
            field_dict["lng"] = lng

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        crop_type = check_crop_type_enum(d.pop("crop_type"))

        def _parse_nip(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nip = _parse_nip(d.pop("nip", UNSET))

        def _parse_parcel_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        parcel_id = _parse_parcel_id(d.pop("parcel_id", UNSET))

        def _parse_quantity_t(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        quantity_t = _parse_quantity_t(d.pop("quantity_t", UNSET))

        def _parse_area_ha(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        area_ha = _parse_area_ha(d.pop("area_ha", UNSET))

        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))

        def _parse_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        country = _parse_country(d.pop("country", UNSET))

        def _parse_region(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        region = _parse_region(d.pop("region", UNSET))

        def _parse_lat(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lat = _parse_lat(d.pop("lat", UNSET))

        def _parse_lng(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lng = _parse_lng(d.pop("lng", UNSET))

        supplier_request = cls(
            name=name,
            crop_type=crop_type,
            nip=nip,
            parcel_id=parcel_id,
            quantity_t=quantity_t,
            area_ha=area_ha,
            location=location,
            country=country,
            region=region,
            lat=lat,
            lng=lng,
        )

        supplier_request.additional_properties = d
        return supplier_request

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
