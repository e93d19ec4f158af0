from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Attempt")


@_attrs_define
class Attempt:
    """ModelSerializer whose model DateTimeFields come out as TimestampField.

    Attributes:
        number (int):
        attempted_at (datetime.datetime):
        status_code (int | None):
        error (str): Empty on success, else a category: http_3xx (redirect, not followed), http_4xx, http_5xx, timeout,
            tls_error, connection_failed, dns_failed, destination_refused, internal_error
        duration_ms (int):
    """

    number: int
    attempted_at: datetime.datetime
    status_code: int | None
    error: str
    duration_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        attempted_at = self.attempted_at.isoformat()

        status_code: int | None
        status_code = self.status_code

        error = self.error

        duration_ms = self.duration_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "attempted_at": attempted_at,
                "status_code": status_code,
                "error": error,
                "duration_ms": duration_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        attempted_at = datetime.datetime.fromisoformat(d.pop("attempted_at"))

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        error = d.pop("error")

        duration_ms = d.pop("duration_ms")

        attempt = cls(
            number=number,
            attempted_at=attempted_at,
            status_code=status_code,
            error=error,
            duration_ms=duration_ms,
        )

        attempt.additional_properties = d
        return attempt

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
