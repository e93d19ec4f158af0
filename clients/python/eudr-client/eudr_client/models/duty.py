from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Duty")


@_attrs_define
class Duty:
    """
    Attributes:
        code (str):
        text (str):
        article (str): Of Regulation (EU) 2023/1115 as amended
        source (str): Where the service read it
        confirmed_in_official_journal (bool):
        applies_from (datetime.date | None):
        applies_from_provision (None | str):
        applies_to_organisation (bool): false: an SME is exempt
        non_sme_only (bool):
    """

    code: str
    text: str
    article: str
    source: str
    confirmed_in_official_journal: bool
    applies_from: datetime.date | None
    applies_from_provision: None | str
    applies_to_organisation: bool
    non_sme_only: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        text = self.text

        article = self.article

        source = self.source

        confirmed_in_official_journal = self.confirmed_in_official_journal

        applies_from: None | str
        if isinstance(self.applies_from, datetime.date):
            applies_from = self.applies_from.isoformat()
        else:
            applies_from = self.applies_from

        applies_from_provision: None | str
        applies_from_provision = self.applies_from_provision

        applies_to_organisation = self.applies_to_organisation

        non_sme_only = self.non_sme_only

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "text": text,
                "article": article,
                "source": source,
                "confirmed_in_official_journal": confirmed_in_official_journal,
                "applies_from": applies_from,
                "applies_from_provision": applies_from_provision,
                "applies_to_organisation": applies_to_organisation,
                "non_sme_only": non_sme_only,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        text = d.pop("text")

        article = d.pop("article")

        source = d.pop("source")

        confirmed_in_official_journal = d.pop("confirmed_in_official_journal")

        def _parse_applies_from(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                applies_from_type_0 = datetime.date.fromisoformat(data)

                return applies_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        applies_from = _parse_applies_from(d.pop("applies_from"))

        def _parse_applies_from_provision(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        applies_from_provision = _parse_applies_from_provision(d.pop("applies_from_provision"))

        applies_to_organisation = d.pop("applies_to_organisation")

        non_sme_only = d.pop("non_sme_only")

        duty = cls(
            code=code,
            text=text,
            article=article,
            source=source,
            confirmed_in_official_journal=confirmed_in_official_journal,
            applies_from=applies_from,
            applies_from_provision=applies_from_provision,
            applies_to_organisation=applies_to_organisation,
            non_sme_only=non_sme_only,
        )

        duty.additional_properties = d
        return duty

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
