from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.postal_address_request import PostalAddressRequest


T = TypeVar("T", bound="PlotRequest")


@_attrs_define
class PlotRequest:
    """Exactly one of: parcel_id; lat + lng (+ area_ha); geometry (GeoJSON); address (declarations only).

    Attributes:
        parcel_id (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        area_ha (float | Unset): For a point plot (lat+lng, a GeoJSON Point or MultiPoint): the area of the plot each
            point stands for, in ha; 0.0001 to 4 (cattle: no upper bound). Without it the plot is recorded, screened and
            sent to the EU as 4 ha, the EU's default (OPS 9.3.2).
        geometry (Any | Unset):
        reference (str | Unset): Your own identifier of the plot (kept, shown back and in the evidence record; not sent
            to the EU)
        address (PostalAddressRequest | Unset): A place of production by postal address
            (sd:SdProducerPostalAddressType).
    """

    parcel_id: str | Unset = UNSET
    lat: float | Unset = UNSET
    lng: float | Unset = UNSET
    area_ha: float | Unset = UNSET
    geometry: Any | Unset = UNSET
    reference: str | Unset = UNSET
    address: PostalAddressRequest | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        parcel_id = self.parcel_id

        lat = self.lat

        lng = self.lng

        area_ha = self.area_ha

        geometry = self.geometry

        reference = self.reference

        address: dict[str, Any] | Unset = UNSET
        if not isinstance(self.address, Unset):
            address = self.address.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if parcel_id is not UNSET:
            field_dict["parcel_id"] = parcel_id
        if lat is not UNSET:
            field_dict["lat"] = lat
        if lng is not UNSET:
            field_dict["lng"] = lng
        if area_ha is not UNSET:
            field_dict["area_ha"] = area_ha
        if geometry is not UNSET:
            field_dict["geometry"] = geometry
        if reference is not UNSET:
            field_dict["reference"] = reference
        if address is not UNSET:
            field_dict["address"] = address

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postal_address_request import PostalAddressRequest  # noqa: PLC0415

        d = dict(src_dict)
        parcel_id = d.pop("parcel_id", UNSET)

        lat = d.pop("lat", UNSET)

        lng = d.pop("lng", UNSET)

        area_ha = d.pop("area_ha", UNSET)

        geometry = d.pop("geometry", UNSET)

        reference = d.pop("reference", UNSET)

        _address = d.pop("address", UNSET)
        address: PostalAddressRequest | Unset
        if isinstance(_address, Unset):
            address = UNSET
        else:
            address = PostalAddressRequest.from_dict(_address)

        plot_request = cls(
            parcel_id=parcel_id,
            lat=lat,
            lng=lng,
            area_ha=area_ha,
            geometry=geometry,
            reference=reference,
            address=address,
        )

        plot_request.additional_properties = d
        return plot_request

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
