from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_item import BatchItem
    from ..models.batch_summary import BatchSummary
    from ..models.evidence_reference import EvidenceReference


T = TypeVar("T", bound="BatchRisk")


@_attrs_define
class BatchRisk:
    """
    Attributes:
        results (list[BatchItem]):
        summary (BatchSummary):
        evidence_record (EvidenceReference | Unset):
    """

    results: list[BatchItem]
    summary: BatchSummary
    evidence_record: EvidenceReference | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        summary = self.summary.to_dict()

        evidence_record: dict[str, Any] | Unset = UNSET
        if not isinstance(self.evidence_record, Unset):
            evidence_record = self.evidence_record.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "results": results,
                "summary": summary,
            }
        )
        if evidence_record is not UNSET:
            field_dict["evidence_record"] = evidence_record

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_item import BatchItem  # noqa: PLC0415
        from ..models.batch_summary import BatchSummary  # noqa: PLC0415
        from ..models.evidence_reference import EvidenceReference  # noqa: PLC0415

        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = BatchItem.from_dict(results_item_data)

            results.append(results_item)

        summary = BatchSummary.from_dict(d.pop("summary"))

        _evidence_record = d.pop("evidence_record", UNSET)
        evidence_record: EvidenceReference | Unset
        if isinstance(_evidence_record, Unset):
            evidence_record = UNSET
        else:
            evidence_record = EvidenceReference.from_dict(_evidence_record)

        batch_risk = cls(
            results=results,
            summary=summary,
            evidence_record=evidence_record,
        )

        batch_risk.additional_properties = d
        return batch_risk

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
