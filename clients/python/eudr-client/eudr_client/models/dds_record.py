from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_type_enum import DocumentTypeEnum, check_document_type_enum

if TYPE_CHECKING:
    from ..models.commodity_out import CommodityOut
    from ..models.dds_record_attestation import DDSRecordAttestation
    from ..models.dds_record_eu_is_type_0 import DDSRecordEuIsType0
    from ..models.dds_record_evidence import DDSRecordEvidence
    from ..models.dds_record_operator_identity import DDSRecordOperatorIdentity
    from ..models.history_entry import HistoryEntry
    from ..models.operator_out import OperatorOut


T = TypeVar("T", bound="DDSRecord")


@_attrs_define
class DDSRecord:
    """
    Attributes:
        dds_id (str): `DDS-...` for a due diligence statement, `SD-...` for a simplified declaration
        document_type (DocumentTypeEnum): * `due_diligence_statement` - due_diligence_statement
            * `simplified_declaration` - simplified_declaration
        status (str):
        risk_level (None | str): null until screened
        internal_reference (str):
        activity (str):
        operator_name (str):
        commodity (str): Annex I code(s), e.g. soya; several joined by ', '. API version 1.0 (the default) answers the
            Polish name(s) instead, as the verify record does
        commodity_name (str): The commodities named in the language of Accept-Language (pl or en; English by default)
        country_of_production (str):
        created_at (datetime.datetime):
        verified_at (datetime.datetime | None):
        valid_until (datetime.datetime | None):
        cert_url (str): The public status page; absolute in every version
        livemode (bool): false for test (sandbox) data, filed with a test key
        url (str): Absolute from API version 1.1; the path in 1.0
        operator (OperatorOut):
        operator_identity (DDSRecordOperatorIdentity): Which organisation of the account the operator matched, and
            whether staff verified it
        badge (str): What the public badge shows: verified, in_progress, none
        attestation (DDSRecordAttestation):
        evidence (DDSRecordEvidence): Layers answered, methodology, warnings, the rule and who decided
        commodities (list[CommodityOut]):
        border_cross_country (str): V3 borderCrossCountry (import, export); empty otherwise
        grouped_declarations (list[str]): V3 groupedDeclarations: EU reference numbers grouped
        geolocation_confidential (bool): V3 geoLocationConfidential as sent to the EU; true: no plot geometry on public
            pages
        eu_reference_number (str):
        eu_verification_number (str):
        screened_at (datetime.datetime | None):
        eu_is (DDSRecordEuIsType0 | None): Submission to the EU Information System; null until the statement is
            COMPLIANT
        pdf_url (str): Absolute from API version 1.1; the path in 1.0
        history (list[HistoryEntry]):
    """

    dds_id: str
    document_type: DocumentTypeEnum
    status: str
    risk_level: None | str
    internal_reference: str
    activity: str
    operator_name: str
    commodity: str
    commodity_name: str
    country_of_production: str
    created_at: datetime.datetime
    verified_at: datetime.datetime | None
    valid_until: datetime.datetime | None
    cert_url: str
    livemode: bool
    url: str
    operator: OperatorOut
    operator_identity: DDSRecordOperatorIdentity
    badge: str
    attestation: DDSRecordAttestation
    evidence: DDSRecordEvidence
    commodities: list[CommodityOut]
    border_cross_country: str
    grouped_declarations: list[str]
    geolocation_confidential: bool
    eu_reference_number: str
    eu_verification_number: str
    screened_at: datetime.datetime | None
    eu_is: DDSRecordEuIsType0 | None
    pdf_url: str
    history: list[HistoryEntry]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.dds_record_eu_is_type_0 import DDSRecordEuIsType0  # noqa: PLC0415

        dds_id = self.dds_id

        document_type: str = self.document_type

        status = self.status

        risk_level: None | str
        risk_level = self.risk_level

        internal_reference = self.internal_reference

        activity = self.activity

        operator_name = self.operator_name

        commodity = self.commodity

        commodity_name = self.commodity_name

        country_of_production = self.country_of_production

        created_at = self.created_at.isoformat()

        verified_at: None | str
        if isinstance(self.verified_at, datetime.datetime):
            verified_at = self.verified_at.isoformat()
        else:
            verified_at = self.verified_at

        valid_until: None | str
        if isinstance(self.valid_until, datetime.datetime):
            valid_until = self.valid_until.isoformat()
        else:
            valid_until = self.valid_until

        cert_url = self.cert_url

        livemode = self.livemode

        url = self.url

        operator = self.operator.to_dict()

        operator_identity = self.operator_identity.to_dict()

        badge = self.badge

        attestation = self.attestation.to_dict()

        evidence = self.evidence.to_dict()

        commodities = []
        for commodities_item_data in self.commodities:
            commodities_item = commodities_item_data.to_dict()
            commodities.append(commodities_item)

        border_cross_country = self.border_cross_country

        grouped_declarations = self.grouped_declarations

        geolocation_confidential = self.geolocation_confidential

        eu_reference_number = self.eu_reference_number

        eu_verification_number = self.eu_verification_number

        screened_at: None | str
        if isinstance(self.screened_at, datetime.datetime):
            screened_at = self.screened_at.isoformat()
        else:
            screened_at = self.screened_at

        eu_is: dict[str, Any] | None
        if isinstance(self.eu_is, DDSRecordEuIsType0):
            eu_is = self.eu_is.to_dict()
        else:
            eu_is = self.eu_is

        pdf_url = self.pdf_url

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "dds_id": dds_id,
                "document_type": document_type,
                "status": status,
                "risk_level": risk_level,
                "internal_reference": internal_reference,
                "activity": activity,
                "operator_name": operator_name,
                "commodity": commodity,
                "commodity_name": commodity_name,
                "country_of_production": country_of_production,
                "created_at": created_at,
                "verified_at": verified_at,
                "valid_until": valid_until,
                "cert_url": cert_url,
                "livemode": livemode,
                "url": url,
                "operator": operator,
                "operator_identity": operator_identity,
                "badge": badge,
                "attestation": attestation,
                "evidence": evidence,
                "commodities": commodities,
                "border_cross_country": border_cross_country,
                "grouped_declarations": grouped_declarations,
                "geolocation_confidential": geolocation_confidential,
                "eu_reference_number": eu_reference_number,
                "eu_verification_number": eu_verification_number,
                "screened_at": screened_at,
                "eu_is": eu_is,
                "pdf_url": pdf_url,
                "history": history,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.commodity_out import CommodityOut  # noqa: PLC0415
        from ..models.dds_record_attestation import DDSRecordAttestation  # noqa: PLC0415
        from ..models.dds_record_eu_is_type_0 import DDSRecordEuIsType0  # noqa: PLC0415
        from ..models.dds_record_evidence import DDSRecordEvidence  # noqa: PLC0415
        from ..models.dds_record_operator_identity import DDSRecordOperatorIdentity  # noqa: PLC0415
        from ..models.history_entry import HistoryEntry  # noqa: PLC0415
        from ..models.operator_out import OperatorOut  # noqa: PLC0415

        d = dict(src_dict)
        dds_id = d.pop("dds_id")

        document_type = check_document_type_enum(d.pop("document_type"))

        status = d.pop("status")

        def _parse_risk_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        risk_level = _parse_risk_level(d.pop("risk_level"))

        internal_reference = d.pop("internal_reference")

        activity = d.pop("activity")

        operator_name = d.pop("operator_name")

        commodity = d.pop("commodity")

        commodity_name = d.pop("commodity_name")

        country_of_production = d.pop("country_of_production")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_verified_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verified_at_type_0 = datetime.datetime.fromisoformat(data)

                return verified_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        verified_at = _parse_verified_at(d.pop("verified_at"))

        def _parse_valid_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                valid_until_type_0 = datetime.datetime.fromisoformat(data)

                return valid_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        valid_until = _parse_valid_until(d.pop("valid_until"))

        cert_url = d.pop("cert_url")

        livemode = d.pop("livemode")

        url = d.pop("url")

        operator = OperatorOut.from_dict(d.pop("operator"))

        operator_identity = DDSRecordOperatorIdentity.from_dict(d.pop("operator_identity"))

        badge = d.pop("badge")

        attestation = DDSRecordAttestation.from_dict(d.pop("attestation"))

        evidence = DDSRecordEvidence.from_dict(d.pop("evidence"))

        commodities = []
        _commodities = d.pop("commodities")
        for commodities_item_data in _commodities:
            commodities_item = CommodityOut.from_dict(commodities_item_data)

            commodities.append(commodities_item)

        border_cross_country = d.pop("border_cross_country")

        grouped_declarations = cast(list[str], d.pop("grouped_declarations"))

        geolocation_confidential = d.pop("geolocation_confidential")

        eu_reference_number = d.pop("eu_reference_number")

        eu_verification_number = d.pop("eu_verification_number")

        def _parse_screened_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                screened_at_type_0 = datetime.datetime.fromisoformat(data)

                return screened_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        screened_at = _parse_screened_at(d.pop("screened_at"))

        def _parse_eu_is(data: object) -> DDSRecordEuIsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                eu_is_type_0 = DDSRecordEuIsType0.from_dict(data)

                return eu_is_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DDSRecordEuIsType0 | None, data)

        eu_is = _parse_eu_is(d.pop("eu_is"))

        pdf_url = d.pop("pdf_url")

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = HistoryEntry.from_dict(history_item_data)

            history.append(history_item)

        dds_record = cls(
            dds_id=dds_id,
            document_type=document_type,
            status=status,
            risk_level=risk_level,
            internal_reference=internal_reference,
            activity=activity,
            operator_name=operator_name,
            commodity=commodity,
            commodity_name=commodity_name,
            country_of_production=country_of_production,
            created_at=created_at,
            verified_at=verified_at,
            valid_until=valid_until,
            cert_url=cert_url,
            livemode=livemode,
            url=url,
            operator=operator,
            operator_identity=operator_identity,
            badge=badge,
            attestation=attestation,
            evidence=evidence,
            commodities=commodities,
            border_cross_country=border_cross_country,
            grouped_declarations=grouped_declarations,
            geolocation_confidential=geolocation_confidential,
            eu_reference_number=eu_reference_number,
            eu_verification_number=eu_verification_number,
            screened_at=screened_at,
            eu_is=eu_is,
            pdf_url=pdf_url,
            history=history,
        )

        dds_record.additional_properties = d
        return dds_record

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
