from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """ModelSerializer whose model DateTimeFields come out as TimestampField.

    Attributes:
        id (str): wh_...
        url (str): The receiver's https URL
        events (list[str]):
        enabled (bool):
        livemode (bool): false for a test webhook (registered with a test key): it gets test events only
        disabled_reason (str): Empty when enabled; by_owner, gone (receiver answered 410), failing, by_staff
        disabled_at (datetime.datetime | None):
        failing_since (datetime.datetime | None):
        secret_rotation_ends_at (datetime.datetime | None): While set, the previous secret also signs (two signatures
            per request)
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    url: str
    events: list[str]
    enabled: bool
    livemode: bool
    disabled_reason: str
    disabled_at: datetime.datetime | None
    failing_since: datetime.datetime | None
    secret_rotation_ends_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = self.events

        enabled = self.enabled

        livemode = self.livemode

        disabled_reason = self.disabled_reason

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        failing_since: None | str
        if isinstance(self.failing_since, datetime.datetime):
            failing_since = self.failing_since.isoformat()
        else:
            failing_since = self.failing_since

        secret_rotation_ends_at: None | str
        if isinstance(self.secret_rotation_ends_at, datetime.datetime):
            secret_rotation_ends_at = self.secret_rotation_ends_at.isoformat()
        else:
            secret_rotation_ends_at = self.secret_rotation_ends_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "enabled": enabled,
                "livemode": livemode,
                "disabled_reason": disabled_reason,
                "disabled_at": disabled_at,
                "failing_since": failing_since,
                "secret_rotation_ends_at": secret_rotation_ends_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

        enabled = d.pop("enabled")

        livemode = d.pop("livemode")

        disabled_reason = d.pop("disabled_reason")

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))

        def _parse_failing_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                failing_since_type_0 = datetime.datetime.fromisoformat(data)

                return failing_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        failing_since = _parse_failing_since(d.pop("failing_since"))

        def _parse_secret_rotation_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                secret_rotation_ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return secret_rotation_ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        secret_rotation_ends_at = _parse_secret_rotation_ends_at(d.pop("secret_rotation_ends_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        webhook = cls(
            id=id,
            url=url,
            events=events,
            enabled=enabled,
            livemode=livemode,
            disabled_reason=disabled_reason,
            disabled_at=disabled_at,
            failing_since=failing_since,
            secret_rotation_ends_at=secret_rotation_ends_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        webhook.additional_properties = d
        return webhook

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
