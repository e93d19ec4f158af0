from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.activity_enum import ActivityEnum, check_activity_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attestation_request import AttestationRequest
    from ..models.commodity_request import CommodityRequest
    from ..models.operator_request import OperatorRequest


T = TypeVar("T", bound="DDSFilingRequest")


@_attrs_define
class DDSFilingRequest:
    """
    Attributes:
        activity (ActivityEnum): * `import` - import
            * `export` - export
            * `domestic` - domestic production / trade
        operator (OperatorRequest):
        commodities (list[CommodityRequest]):
        attestation (AttestationRequest): What the signatory attests on filing: legality (Article 3(b)) and the
            Annex II point 5 declaration, with the name and function Annex II point 6 asks for.
        internal_reference (str | Unset):
        border_cross_country (str | Unset): V3 borderCrossCountry: the Member State (or XI) where the goods enter the EU
            (import) or leave it (export); import and export only
        grouped_declarations (list[str] | Unset): V3 groupedDeclarations: EU reference numbers of your earlier
            statements, AVAILABLE or ARCHIVED at the EU, that this statement groups (OPS 10.3, 11.3.2; at most 2,000). The
            EU may not offer grouping in V3's first release (Operator API Reference v1.0, 1.1).
        geolocation_confidential (bool | Unset): V3 geoLocationConfidential: true keeps the plots' geolocation from the
            supply chain at the EU, and from our public status page. State it (true or false): a body without it is the
            deprecated legacy body (then false for a new filing, unchanged by an amendment).
    """

    activity: ActivityEnum
    operator: OperatorRequest
    commodities: list[CommodityRequest]
    attestation: AttestationRequest
    internal_reference: str | Unset = UNSET
    border_cross_country: str | Unset = UNSET
    grouped_declarations: list[str] | Unset = UNSET
    geolocation_confidential: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        activity: str = self.activity

        operator = self.operator.to_dict()

        commodities = []
        for commodities_item_data in self.commodities:
            commodities_item = commodities_item_data.to_dict()
            commodities.append(commodities_item)

        attestation = self.attestation.to_dict()

        internal_reference = self.internal_reference

        border_cross_country = self.border_cross_country

        grouped_declarations: list[str] | Unset = UNSET
        if not isinstance(self.grouped_declarations, Unset):
            grouped_declarations = self.grouped_declarations

        geolocation_confidential = self.geolocation_confidential

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "activity": activity,
                "operator": operator,
                "commodities": commodities,
                "attestation": attestation,
            }
        )
        if internal_reference is not UNSET:
            field_dict["internal_reference"] = internal_reference
        if border_cross_country is not UNSET:
            field_dict["border_cross_country"] = border_cross_country
        if grouped_declarations is not UNSET:
            field_dict["grouped_declarations"] = grouped_declarations
        if geolocation_confidential is not UNSET:
            field_dict["geolocation_confidential"] = geolocation_confidential

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attestation_request import AttestationRequest  # noqa: PLC0415
        from ..models.commodity_request import CommodityRequest  # noqa: PLC0415
        from ..models.operator_request import OperatorRequest  # noqa: PLC0415

        d = dict(src_dict)
        activity = check_activity_enum(d.pop("activity"))

        operator = OperatorRequest.from_dict(d.pop("operator"))

        commodities = []
        _commodities = d.pop("commodities")
        for commodities_item_data in _commodities:
            commodities_item = CommodityRequest.from_dict(commodities_item_data)

            commodities.append(commodities_item)

        attestation = AttestationRequest.from_dict(d.pop("attestation"))

        internal_reference = d.pop("internal_reference", UNSET)

        border_cross_country = d.pop("border_cross_country", UNSET)

        grouped_declarations = cast(list[str], d.pop("grouped_declarations", UNSET))

        geolocation_confidential = d.pop("geolocation_confidential", UNSET)

        dds_filing_request = cls(
            activity=activity,
            operator=operator,
            commodities=commodities,
            attestation=attestation,
            internal_reference=internal_reference,
            border_cross_country=border_cross_country,
            grouped_declarations=grouped_declarations,
            geolocation_confidential=geolocation_confidential,
        )

        dds_filing_request.additional_properties = d
        return dds_filing_request

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
