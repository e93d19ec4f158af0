from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_type_enum import DocumentTypeEnum, check_document_type_enum

T = TypeVar("T", bound="DDSSummary")


@_attrs_define
class DDSSummary:
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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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

        dds_summary = cls(
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
        )

        dds_summary.additional_properties = d
        return dds_summary

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
