from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_type_enum import DocumentTypeEnum, check_document_type_enum
from ..models.operator_identity_enum import OperatorIdentityEnum, check_operator_identity_enum
from ..models.risk_level_enum import RiskLevelEnum, check_risk_level_enum
from ..models.verification_record_status_enum import VerificationRecordStatusEnum, check_verification_record_status_enum

if TYPE_CHECKING:
    from ..models.verify_filed_by import VerifyFiledBy
    from ..models.verify_mandate import VerifyMandate


T = TypeVar("T", bound="VerificationRecord")


@_attrs_define
class VerificationRecord:
    """Specification 2.1; timestamps are UTC with milliseconds and a Z suffix.

    Attributes:
        dds_id (str):
        status (VerificationRecordStatusEnum): * `DRAFT` - Draft
            * `SUBMITTED` - Submitted
            * `UNDER_REVIEW` - Under review
            * `COMPLIANT` - Compliant
            * `AT_RISK` - At risk
            * `NON_COMPLIANT` - Non-compliant
            * `WITHDRAWN` - Withdrawn
            * `EXPIRED` - Expired
        risk_level (None | RiskLevelEnum):
        operator_name (str):
        commodity (str): Commodity name in Polish
        country_of_production (str):
        verified_at (None | str): 2025-03-01T12:00:00.000Z
        valid_until (None | str): 2026-03-01T12:00:00.000Z
        cert_url (str):
        operator_identity (OperatorIdentityEnum): * `confirmed` - confirmed
            * `unconfirmed` - unconfirmed
        document_type (DocumentTypeEnum): * `due_diligence_statement` - due_diligence_statement
            * `simplified_declaration` - simplified_declaration
        filed_by (VerifyFiledBy):
        mandate (None | VerifyMandate): Additive field: what a representative's mandate rests on; null for an operator's
            own
        eu_status (None | str): Additive field: the EU Information System's own status (e.g. AVAILABLE); null before
    """

    dds_id: str
    status: VerificationRecordStatusEnum
    risk_level: None | RiskLevelEnum
    operator_name: str
    commodity: str
    country_of_production: str
    verified_at: None | str
    valid_until: None | str
    cert_url: str
    operator_identity: OperatorIdentityEnum
    document_type: DocumentTypeEnum
    filed_by: VerifyFiledBy
    mandate: None | VerifyMandate
    eu_status: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.verify_mandate import VerifyMandate  # noqa: PLC0415

        dds_id = self.dds_id

        status: str = self.status

        risk_level: None | str
        if isinstance(self.risk_level, str):
            risk_level = self.risk_level
        else:
            risk_level = self.risk_level

        operator_name = self.operator_name

        commodity = self.commodity

        country_of_production = self.country_of_production

        verified_at: None | str
        verified_at = self.verified_at

        valid_until: None | str
        valid_until = self.valid_until

        cert_url = self.cert_url

        operator_identity: str = self.operator_identity

        document_type: str = self.document_type

        filed_by = self.filed_by.to_dict()

        mandate: dict[str, Any] | None
        if isinstance(self.mandate, VerifyMandate):
            mandate = self.mandate.to_dict()
        else:
            mandate = self.mandate

        eu_status: None | str
        eu_status = self.eu_status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "dds_id": dds_id,
                "status": status,
                "risk_level": risk_level,
                "operator_name": operator_name,
                "commodity": commodity,
                "country_of_production": country_of_production,
                "verified_at": verified_at,
                "valid_until": valid_until,
                "cert_url": cert_url,
                "operator_identity": operator_identity,
                "document_type": document_type,
                "filed_by": filed_by,
                "mandate": mandate,
                "eu_status": eu_status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.verify_filed_by import VerifyFiledBy  # noqa: PLC0415
        from ..models.verify_mandate import VerifyMandate  # noqa: PLC0415

        d = dict(src_dict)
        dds_id = d.pop("dds_id")

        status = check_verification_record_status_enum(d.pop("status"))

        def _parse_risk_level(data: object) -> None | RiskLevelEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                risk_level_type_0 = check_risk_level_enum(data)

                return risk_level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RiskLevelEnum, data)

        risk_level = _parse_risk_level(d.pop("risk_level"))

        operator_name = d.pop("operator_name")

        commodity = d.pop("commodity")

        country_of_production = d.pop("country_of_production")

        def _parse_verified_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        verified_at = _parse_verified_at(d.pop("verified_at"))

        def _parse_valid_until(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        valid_until = _parse_valid_until(d.pop("valid_until"))

        cert_url = d.pop("cert_url")

        operator_identity = check_operator_identity_enum(d.pop("operator_identity"))

        document_type = check_document_type_enum(d.pop("document_type"))

        filed_by = VerifyFiledBy.from_dict(d.pop("filed_by"))

        def _parse_mandate(data: object) -> None | VerifyMandate:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mandate_type_1 = VerifyMandate.from_dict(data)

                return mandate_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VerifyMandate, data)

        mandate = _parse_mandate(d.pop("mandate"))

        def _parse_eu_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        eu_status = _parse_eu_status(d.pop("eu_status"))

        verification_record = cls(
            dds_id=dds_id,
            status=status,
            risk_level=risk_level,
            operator_name=operator_name,
            commodity=commodity,
            country_of_production=country_of_production,
            verified_at=verified_at,
            valid_until=valid_until,
            cert_url=cert_url,
            operator_identity=operator_identity,
            document_type=document_type,
            filed_by=filed_by,
            mandate=mandate,
            eu_status=eu_status,
        )

        verification_record.additional_properties = d
        return verification_record

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
