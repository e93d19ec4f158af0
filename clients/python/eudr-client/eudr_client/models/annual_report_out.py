from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.duty_enum import DutyEnum, check_duty_enum

if TYPE_CHECKING:
    from ..models.report_content import ReportContent


T = TypeVar("T", bound="AnnualReportOut")


@_attrs_define
class AnnualReportOut:
    """
    Attributes:
        year (int):
        duty (DutyEnum): * `applies` - applies
            * `voluntary` - voluntary
            * `unknown` - unknown
        published_at (datetime.datetime | None):
        public_url (None | str): The public page, once published
        draft (ReportContent):
        published (None | ReportContent): What the public page shows: frozen when published; null before
    """

    year: int
    duty: DutyEnum
    published_at: datetime.datetime | None
    public_url: None | str
    draft: ReportContent
    published: None | ReportContent
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.report_content import ReportContent  # noqa: PLC0415

        year = self.year

        duty: str = self.duty

        published_at: None | str
        if isinstance(self.published_at, datetime.datetime):
            published_at = self.published_at.isoformat()
        else:
            published_at = self.published_at

        public_url: None | str
        public_url = self.public_url

        draft = self.draft.to_dict()

        published: dict[str, Any] | None
        if isinstance(self.published, ReportContent):
            published = self.published.to_dict()
        else:
            published = self.published

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "year": year,
                "duty": duty,
                "published_at": published_at,
                "public_url": public_url,
                "draft": draft,
                "published": published,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.report_content import ReportContent  # noqa: PLC0415

        d = dict(src_dict)
        year = d.pop("year")

        duty = check_duty_enum(d.pop("duty"))

        def _parse_published_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                published_at_type_0 = datetime.datetime.fromisoformat(data)

                return published_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        published_at = _parse_published_at(d.pop("published_at"))

        def _parse_public_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        public_url = _parse_public_url(d.pop("public_url"))

        draft = ReportContent.from_dict(d.pop("draft"))

        def _parse_published(data: object) -> None | ReportContent:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                published_type_1 = ReportContent.from_dict(data)

                return published_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReportContent, data)

        published = _parse_published(d.pop("published"))

        annual_report_out = cls(
            year=year,
            duty=duty,
            published_at=published_at,
            public_url=public_url,
            draft=draft,
            published=published,
        )

        annual_report_out.additional_properties = d
        return annual_report_out

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
