from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bulk_filing_eu_progress import BulkFilingEuProgress


T = TypeVar("T", bound="BulkFilingEu")


@_attrs_define
class BulkFilingEu:
    """
    Attributes:
        reachable (bool):
        notice (None | str):
        progress (BulkFilingEuProgress):
    """

    reachable: bool
    notice: None | str
    progress: BulkFilingEuProgress
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reachable = self.reachable

        notice: None | str
        notice = self.notice

        progress = self.progress.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reachable": reachable,
                "notice": notice,
                "progress": progress,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_filing_eu_progress import BulkFilingEuProgress  # noqa: PLC0415

        d = dict(src_dict)
        reachable = d.pop("reachable")

        def _parse_notice(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notice = _parse_notice(d.pop("notice"))

        progress = BulkFilingEuProgress.from_dict(d.pop("progress"))

        bulk_filing_eu = cls(
            reachable=reachable,
            notice=notice,
            progress=progress,
        )

        bulk_filing_eu.additional_properties = d
        return bulk_filing_eu

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
