from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.risk_job_out_status_enum import RiskJobOutStatusEnum, check_risk_job_out_status_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_progress import JobProgress
    from ..models.risk_job_out_counts_type_0 import RiskJobOutCountsType0
    from ..models.risk_job_out_options import RiskJobOutOptions
    from ..models.risk_job_out_results import RiskJobOutResults


T = TypeVar("T", bound="RiskJobOut")


@_attrs_define
class RiskJobOut:
    """
    Attributes:
        id (str):
        status (RiskJobOutStatusEnum): * `queued` - queued
            * `running` - running
            * `done` - done
            * `cancelled` - cancelled
        progress (JobProgress):
        counts (None | RiskJobOutCountsType0):
        options (RiskJobOutOptions):
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        expires_at (datetime.datetime | None):
        livemode (bool): false for a test job, started with a test key
        results (RiskJobOutResults | Unset):
    """

    id: str
    status: RiskJobOutStatusEnum
    progress: JobProgress
    counts: None | RiskJobOutCountsType0
    options: RiskJobOutOptions
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    livemode: bool
    results: RiskJobOutResults | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.risk_job_out_counts_type_0 import RiskJobOutCountsType0  # noqa: PLC0415

        id = self.id

        status: str = self.status

        progress = self.progress.to_dict()

        counts: dict[str, Any] | None
        if isinstance(self.counts, RiskJobOutCountsType0):
            counts = self.counts.to_dict()
        else:
            counts = self.counts

        options = self.options.to_dict()

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        livemode = self.livemode

        results: dict[str, Any] | Unset = UNSET
        if not isinstance(self.results, Unset):
            results = self.results.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "progress": progress,
                "counts": counts,
                "options": options,
                "created_at": created_at,
                "finished_at": finished_at,
                "expires_at": expires_at,
                "livemode": livemode,
            }
        )
        if results is not UNSET:
            field_dict["results"] = results

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_progress import JobProgress  # noqa: PLC0415
        from ..models.risk_job_out_counts_type_0 import RiskJobOutCountsType0  # noqa: PLC0415
        from ..models.risk_job_out_options import RiskJobOutOptions  # noqa: PLC0415
        from ..models.risk_job_out_results import RiskJobOutResults  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = check_risk_job_out_status_enum(d.pop("status"))

        progress = JobProgress.from_dict(d.pop("progress"))

        def _parse_counts(data: object) -> None | RiskJobOutCountsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                counts_type_0 = RiskJobOutCountsType0.from_dict(data)

                return counts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RiskJobOutCountsType0, data)

        counts = _parse_counts(d.pop("counts"))

        options = RiskJobOutOptions.from_dict(d.pop("options"))

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

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        livemode = d.pop("livemode")

        _results = d.pop("results", UNSET)
        results: RiskJobOutResults | Unset
        if isinstance(_results, Unset):
            results = UNSET
        else:
            results = RiskJobOutResults.from_dict(_results)

        risk_job_out = cls(
            id=id,
            status=status,
            progress=progress,
            counts=counts,
            options=options,
            created_at=created_at,
            finished_at=finished_at,
            expires_at=expires_at,
            livemode=livemode,
            results=results,
        )

        risk_job_out.additional_properties = d
        return risk_job_out

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
