from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.postal_address_out import PostalAddressOut


T = TypeVar("T", bound="PlotOut")


@_attrs_define
class PlotOut:
    """
    Attributes:
        kind (str): parcel, point, geometry or address
        reference (str): Your own identifier of the plot, as filed
        parcel_id (str):
        geometry (Any):
        address (None | PostalAddressOut): An address plot's postal address (simplified declarations); else null
        area_ha (float | None):
        risk_level (None | str): null until screened
        screening_error (str):
        finding (str): Stable code of the verdict rule for this plot
        risk (Any):
    """

    kind: str
    reference: str
    parcel_id: str
    geometry: Any
    address: None | PostalAddressOut
    area_ha: float | None
    risk_level: None | str
    screening_error: str
    finding: str
    risk: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.postal_address_out import PostalAddressOut  # noqa: PLC0415

        kind = self.kind

        reference = self.reference

        parcel_id = self.parcel_id

        geometry = self.geometry

        address: dict[str, Any] | None
        if isinstance(self.address, PostalAddressOut):
            address = self.address.to_dict()
        else:
            address = self.address

        area_ha: float | None
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
                "reference": reference,
                "parcel_id": parcel_id,
                "geometry": geometry,
                "address": address,
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
        from ..models.postal_address_out import PostalAddressOut  # noqa: PLC0415

        d = dict(src_dict)
        kind = d.pop("kind")

        reference = d.pop("reference")

        parcel_id = d.pop("parcel_id")

        geometry = d.pop("geometry")

        def _parse_address(data: object) -> None | PostalAddressOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                address_type_1 = PostalAddressOut.from_dict(data)

                return address_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostalAddressOut, data)

        address = _parse_address(d.pop("address"))

        def _parse_area_ha(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

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
            reference=reference,
            parcel_id=parcel_id,
            geometry=geometry,
            address=address,
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
