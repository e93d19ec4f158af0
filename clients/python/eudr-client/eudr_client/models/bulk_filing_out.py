from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bulk_filing_out_status_enum import BulkFilingOutStatusEnum, check_bulk_filing_out_status_enum

if TYPE_CHECKING:
    from ..models.bulk_filing_eu import BulkFilingEu
    from ..models.bulk_filing_out_counts import BulkFilingOutCounts
    from ..models.bulk_filing_out_results import BulkFilingOutResults
    from ..models.bulk_filing_out_skipped import BulkFilingOutSkipped


T = TypeVar("T", bound="BulkFilingOut")


@_attrs_define
class BulkFilingOut:
    """
    Attributes:
        id (str): bf_...
        status (BulkFilingOutStatusEnum): * `running` - running
            * `done` - done
            * `cancelled` - cancelled
        total (int): Suppliers with a mandate in force when the filing began
        counts (BulkFilingOutCounts): Rows per state: queued, filed, failed, cancelled
        skipped (BulkFilingOutSkipped): Suppliers left out, by reason
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        livemode (bool):
        results (BulkFilingOutResults): Downloads: one line per supplier
        eu (BulkFilingEu):
    """

    id: str
    status: BulkFilingOutStatusEnum
    total: int
    counts: BulkFilingOutCounts
    skipped: BulkFilingOutSkipped
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    livemode: bool
    results: BulkFilingOutResults
    eu: BulkFilingEu
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status: str = self.status

        total = self.total

        counts = self.counts.to_dict()

        skipped = self.skipped.to_dict()

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        livemode = self.livemode

        results = self.results.to_dict()

        eu = self.eu.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "total": total,
                "counts": counts,
                "skipped": skipped,
                "created_at": created_at,
                "finished_at": finished_at,
                "livemode": livemode,
                "results": results,
                "eu": eu,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_filing_eu import BulkFilingEu  # noqa: PLC0415
        from ..models.bulk_filing_out_counts import BulkFilingOutCounts  # noqa: PLC0415
        from ..models.bulk_filing_out_results import BulkFilingOutResults  # noqa: PLC0415
        from ..models.bulk_filing_out_skipped import BulkFilingOutSkipped  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = check_bulk_filing_out_status_enum(d.pop("status"))

        total = d.pop("total")

        counts = BulkFilingOutCounts.from_dict(d.pop("counts"))

        skipped = BulkFilingOutSkipped.from_dict(d.pop("skipped"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        livemode = d.pop("livemode")

        results = BulkFilingOutResults.from_dict(d.pop("results"))

        eu = BulkFilingEu.from_dict(d.pop("eu"))

        bulk_filing_out = cls(
            id=id,
            status=status,
            total=total,
            counts=counts,
            skipped=skipped,
            created_at=created_at,
            finished_at=finished_at,
            livemode=livemode,
            results=results,
            eu=eu,
        )

        bulk_filing_out.additional_properties = d
        return bulk_filing_out

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
