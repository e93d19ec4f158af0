from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EvidenceReference")


@_attrs_define
class EvidenceReference:
    """
    Attributes:
        record_id (str):
        sha256 (str): SHA-256 of the record's canonical bytes, hex
        url (str): The full record (owner)
        public_url (None | str): Null: a risk result is never public
    """

    record_id: str
    sha256: str
    url: str
    public_url: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        record_id = self.record_id

        sha256 = self.sha256

        url = self.url

        public_url: None | str
        public_url = self.public_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "record_id": record_id,
                "sha256": sha256,
                "url": url,
                "public_url": public_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        record_id = d.pop("record_id")

        sha256 = d.pop("sha256")

        url = d.pop("url")

        def _parse_public_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        public_url = _parse_public_url(d.pop("public_url"))

        evidence_reference = cls(
            record_id=record_id,
            sha256=sha256,
            url=url,
            public_url=public_url,
        )

        evidence_reference.additional_properties = d
        return evidence_reference

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
