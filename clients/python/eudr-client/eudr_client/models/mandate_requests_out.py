from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.emails_enum import EmailsEnum, check_emails_enum

T = TypeVar("T", bound="MandateRequestsOut")


@_attrs_define
class MandateRequestsOut:
    """
    Attributes:
        requested (int): Requests created (each sends one e-mail)
        skipped (int): Suppliers without an e-mail address or already authorising
        emails (EmailsEnum): * `sent` - sent
            * `not_sent_test_mode` - not_sent_test_mode
    """

    requested: int
    skipped: int
    emails: EmailsEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        requested = self.requested

        skipped = self.skipped

        emails: str = self.emails

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "requested": requested,
                "skipped": skipped,
                "emails": emails,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        requested = d.pop("requested")

        skipped = d.pop("skipped")

        emails = check_emails_enum(d.pop("emails"))

        mandate_requests_out = cls(
            requested=requested,
            skipped=skipped,
            emails=emails,
        )

        mandate_requests_out.additional_properties = d
        return mandate_requests_out

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
