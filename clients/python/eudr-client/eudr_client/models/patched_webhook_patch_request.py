from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.events_enum import EventsEnum, check_events_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedWebhookPatchRequest")


@_attrs_define
class PatchedWebhookPatchRequest:
    """
    Attributes:
        url (str | Unset):
        events (list[EventsEnum] | Unset): Event names: dds.created, dds.status_changed, dds.at_risk,
            dds.eu_status_changed, risk.critical, risk.job_completed, csrd.report_ready, suppliers.filing_completed,
            upstream.status_changed, webhook.test
        enabled (bool | Unset): true re-enables a disabled webhook
    """

    url: str | Unset = UNSET
    events: list[EventsEnum] | Unset = UNSET
    enabled: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item: str = events_item_data
                events.append(events_item)

        enabled = self.enabled

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _events = d.pop("events", UNSET)
        events: list[EventsEnum] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = check_events_enum(events_item_data)

                events.append(events_item)

        enabled = d.pop("enabled", UNSET)

        patched_webhook_patch_request = cls(
            url=url,
            events=events,
            enabled=enabled,
        )

        patched_webhook_patch_request.additional_properties = d
        return patched_webhook_patch_request

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
