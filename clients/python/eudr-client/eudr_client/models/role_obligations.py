from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.duty import Duty


T = TypeVar("T", bound="RoleObligations")


@_attrs_define
class RoleObligations:
    """
    Attributes:
        role (str):
        title (str):
        who (str):
        duties (list[Duty]):
    """

    role: str
    title: str
    who: str
    duties: list[Duty]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        role = self.role

        title = self.title

        who = self.who

        duties = []
        for duties_item_data in self.duties:
            duties_item = duties_item_data.to_dict()
            duties.append(duties_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "role": role,
                "title": title,
                "who": who,
                "duties": duties,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.duty import Duty  # noqa: PLC0415

        d = dict(src_dict)
        role = d.pop("role")

        title = d.pop("title")

        who = d.pop("who")

        duties = []
        _duties = d.pop("duties")
        for duties_item_data in _duties:
            duties_item = Duty.from_dict(duties_item_data)

            duties.append(duties_item)

        role_obligations = cls(
            role=role,
            title=title,
            who=who,
            duties=duties,
        )

        role_obligations.additional_properties = d
        return role_obligations

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
