from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ParcelRiskRequest")


@_attrs_define
class ParcelRiskRequest:
    """
    Attributes:
        parcel_id (str):
        commodity (str):
        keep_evidence (bool | Unset): Keep the result as a signed evidence record (docs/evidence.md); the answer names
            it Default: False.
    """

    parcel_id: str
    commodity: str
    keep_evidence: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        parcel_id = self.parcel_id

        commodity = self.commodity

        keep_evidence = self.keep_evidence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "parcelId": parcel_id,
                "commodity": commodity,
            }
        )
        if keep_evidence is not UNSET:
            field_dict["keepEvidence"] = keep_evidence

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        parcel_id = d.pop("parcelId")

        commodity = d.pop("commodity")

        keep_evidence = d.pop("keepEvidence", UNSET)

        parcel_risk_request = cls(
            parcel_id=parcel_id,
            commodity=commodity,
            keep_evidence=keep_evidence,
        )

        parcel_risk_request.additional_properties = d
        return parcel_risk_request

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
