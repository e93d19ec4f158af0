from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HistoryEntry")


@_attrs_define
class HistoryEntry:
    """
    Attributes:
        from_status (str):
        to_status (str):
        changed_at (datetime.datetime):
        by (str): operator, staff or system
        reason (str):
        rule (str): Stable code of the rule that decided
    """

    from_status: str
    to_status: str
    changed_at: datetime.datetime
    by: str
    reason: str
    rule: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_status = self.from_status

        to_status = self.to_status

        changed_at = self.changed_at.isoformat()

        by = self.by

        reason = self.reason

        rule = self.rule

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "from_status": from_status,
                "to_status": to_status,
                "changed_at": changed_at,
                "by": by,
                "reason": reason,
                "rule": rule,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_status = d.pop("from_status")

        to_status = d.pop("to_status")

        changed_at = datetime.datetime.fromisoformat(d.pop("changed_at"))

        by = d.pop("by")

        reason = d.pop("reason")

        rule = d.pop("rule")

        history_entry = cls(
            from_status=from_status,
            to_status=to_status,
            changed_at=changed_at,
            by=by,
            reason=reason,
            rule=rule,
        )

        history_entry.additional_properties = d
        return history_entry

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
