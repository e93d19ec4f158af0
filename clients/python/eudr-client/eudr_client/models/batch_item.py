from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.evidence_enum import EvidenceEnum, check_evidence_enum
from ..models.evidence_missing_enum import EvidenceMissingEnum, check_evidence_missing_enum
from ..models.risk_level_enum import RiskLevelEnum, check_risk_level_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.data_coverage import DataCoverage
    from ..models.evidence_reference import EvidenceReference
    from ..models.factor import Factor
    from ..models.location_out import LocationOut


T = TypeVar("T", bound="BatchItem")


@_attrs_define
class BatchItem:
    """
    Attributes:
        score (int):
        risk_level (RiskLevelEnum): * `low` - low
            * `medium` - medium
            * `high` - high
            * `critical` - critical
        country (None | str):
        commodity (None | str):
        eudr_in_scope (bool | None):
        factors (list[Factor]):
        data_coverage (DataCoverage):
        warnings (list[str]):
        evidence (EvidenceEnum): * `complete` - complete
            * `partial` - partial
            * `missing` - missing
        evidence_missing (list[EvidenceMissingEnum]): kinds of forest evidence not held for the whole area
        cutoff_date (datetime.date):
        methodology_version (str):
        location (LocationOut):
        index (int):
        evidence_record (EvidenceReference | Unset):
        id (str | Unset): Your identifier of the plot, when given
    """

    score: int
    risk_level: RiskLevelEnum
    country: None | str
    commodity: None | str
    eudr_in_scope: bool | None
    factors: list[Factor]
    data_coverage: DataCoverage
    warnings: list[str]
    evidence: EvidenceEnum
    evidence_missing: list[EvidenceMissingEnum]
    cutoff_date: datetime.date
    methodology_version: str
    location: LocationOut
    index: int
    evidence_record: EvidenceReference | Unset = UNSET
    id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        score = self.score

        risk_level: str = self.risk_level

        country: None | str
        country = self.country

        commodity: None | str
        commodity = self.commodity

        eudr_in_scope: bool | None
        eudr_in_scope = self.eudr_in_scope

        factors = []
        for factors_item_data in self.factors:
            factors_item = factors_item_data.to_dict()
            factors.append(factors_item)

        data_coverage = self.data_coverage.to_dict()

        warnings = self.warnings

        evidence: str = self.evidence

        evidence_missing = []
        for evidence_missing_item_data in self.evidence_missing:
            evidence_missing_item: str = evidence_missing_item_data
            evidence_missing.append(evidence_missing_item)

        cutoff_date = self.cutoff_date.isoformat()

        methodology_version = self.methodology_version

        location = self.location.to_dict()

        index = self.index

        evidence_record: dict[str, Any] | Unset = UNSET
        if not isinstance(self.evidence_record, Unset):
            evidence_record = self.evidence_record.to_dict()

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "score": score,
                "risk_level": risk_level,
                "country": country,
                "commodity": commodity,
                "eudr_in_scope": eudr_in_scope,
                "factors": factors,
                "data_coverage": data_coverage,
                "warnings": warnings,
                "evidence": evidence,
                "evidence_missing": evidence_missing,
                "cutoff_date": cutoff_date,
                "methodology_version": methodology_version,
                "location": location,
                "index": index,
            }
        )
        if evidence_record is not UNSET:
            field_dict["evidence_record"] = evidence_record
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.data_coverage import DataCoverage  # noqa: PLC0415
        from ..models.evidence_reference import EvidenceReference  # noqa: PLC0415
        from ..models.factor import Factor  # noqa: PLC0415
        from ..models.location_out import LocationOut  # noqa: PLC0415

        d = dict(src_dict)
        score = d.pop("score")

        risk_level = check_risk_level_enum(d.pop("risk_level"))

        def _parse_country(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country = _parse_country(d.pop("country"))

        def _parse_commodity(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commodity = _parse_commodity(d.pop("commodity"))

        def _parse_eudr_in_scope(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        eudr_in_scope = _parse_eudr_in_scope(d.pop("eudr_in_scope"))

        factors = []
        _factors = d.pop("factors")
        for factors_item_data in _factors:
            factors_item = Factor.from_dict(factors_item_data)

            factors.append(factors_item)

        data_coverage = DataCoverage.from_dict(d.pop("data_coverage"))

        warnings = cast(list[str], d.pop("warnings"))

        evidence = check_evidence_enum(d.pop("evidence"))

        evidence_missing = []
        _evidence_missing = d.pop("evidence_missing")
        for evidence_missing_item_data in _evidence_missing:
            evidence_missing_item = check_evidence_missing_enum(evidence_missing_item_data)

            evidence_missing.append(evidence_missing_item)

        cutoff_date = datetime.date.fromisoformat(d.pop("cutoff_date"))

        methodology_version = d.pop("methodology_version")

        location = LocationOut.from_dict(d.pop("location"))

        index = d.pop("index")

        _evidence_record = d.pop("evidence_record", UNSET)
        evidence_record: EvidenceReference | Unset
        if isinstance(_evidence_record, Unset):
            evidence_record = UNSET
        else:
            evidence_record = EvidenceReference.from_dict(_evidence_record)

        id = d.pop("id", UNSET)

        batch_item = cls(
            score=score,
            risk_level=risk_level,
            country=country,
            commodity=commodity,
            eudr_in_scope=eudr_in_scope,
            factors=factors,
            data_coverage=data_coverage,
            warnings=warnings,
            evidence=evidence,
            evidence_missing=evidence_missing,
            cutoff_date=cutoff_date,
            methodology_version=methodology_version,
            location=location,
            index=index,
            evidence_record=evidence_record,
            id=id,
        )

        batch_item.additional_properties = d
        return batch_item

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
