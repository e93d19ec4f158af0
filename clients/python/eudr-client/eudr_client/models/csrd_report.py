from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.csrd_report_status_enum import CsrdReportStatusEnum, check_csrd_report_status_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="CsrdReport")


@_attrs_define
class CsrdReport:
    """GET /api/csrd/reports/{id}: where the report is, and its PDF once done.

    Attributes:
        id (UUID):
        status (CsrdReportStatusEnum): * `queued` - queued
            * `rendering` - rendering
            * `done` - done
            * `failed` - failed
            * `expired` - expired
        company_name (str):
        report_year (int):
        supplier_count (int):
        created_at (datetime.datetime):
        expires_at (datetime.datetime | None):
        filename (str):
        pdf_url (None | str): Absolute; null until `status` is done
        error (str):
        livemode (bool): false for a test report, requested with a test key
        lang (str | Unset):
        started_at (datetime.datetime | None | Unset):
        finished_at (datetime.datetime | None | Unset):
    """

    id: UUID
    status: CsrdReportStatusEnum
    company_name: str
    report_year: int
    supplier_count: int
    created_at: datetime.datetime
    expires_at: datetime.datetime | None
    filename: str
    pdf_url: None | str
    error: str
    livemode: bool
    lang: str | Unset = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    finished_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status: str = self.status

        company_name = self.company_name

        report_year = self.report_year

        supplier_count = self.supplier_count

        created_at = self.created_at.isoformat()

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        filename = self.filename

        pdf_url: None | str
        pdf_url = self.pdf_url

        error = self.error

        livemode = self.livemode

        lang = self.lang

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        elif isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str | Unset
        if isinstance(self.finished_at, Unset):
            finished_at = UNSET
        elif isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "company_name": company_name,
                "report_year": report_year,
                "supplier_count": supplier_count,
                "created_at": created_at,
                "expires_at": expires_at,
                "filename": filename,
                "pdf_url": pdf_url,
                "error": error,
                "livemode": livemode,
            }
        )
        if lang is not UNSET:
            field_dict["lang"] = lang
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if finished_at is not UNSET:
            field_dict["finished_at"] = finished_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = check_csrd_report_status_enum(d.pop("status"))

        company_name = d.pop("company_name")

        report_year = d.pop("report_year")

        supplier_count = d.pop("supplier_count")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

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

        filename = d.pop("filename")

        def _parse_pdf_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pdf_url = _parse_pdf_url(d.pop("pdf_url"))

        error = d.pop("error")

        livemode = d.pop("livemode")

        lang = d.pop("lang", UNSET)

        def _parse_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

        def _parse_finished_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        finished_at = _parse_finished_at(d.pop("finished_at", UNSET))

        csrd_report = cls(
            id=id,
            status=status,
            company_name=company_name,
            report_year=report_year,
            supplier_count=supplier_count,
            created_at=created_at,
            expires_at=expires_at,
            filename=filename,
            pdf_url=pdf_url,
            error=error,
            livemode=livemode,
            lang=lang,
            started_at=started_at,
            finished_at=finished_at,
        )

        csrd_report.additional_properties = d
        return csrd_report

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
