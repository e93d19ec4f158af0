from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EvidenceSignature")


@_attrs_define
class EvidenceSignature:
    """
    Attributes:
        alg (str): EdDSA (Ed25519)
        kid (str): The key's id in the published JWK set
        value (str): The signature over the record's canonical bytes, base64url
    """

    alg: str
    kid: str
    value: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        alg = self.alg

        kid = self.kid

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "alg": alg,
                "kid": kid,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        alg = d.pop("alg")

        kid = d.pop("kid")

        value = d.pop("value")

        evidence_signature = cls(
            alg=alg,
            kid=kid,
            value=value,
        )

        evidence_signature.additional_properties = d
        return evidence_signature

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
