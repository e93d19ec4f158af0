from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.attestation_declaration_version_enum import (
    AttestationDeclarationVersionEnum,
    check_attestation_declaration_version_enum,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="AttestationRequest")


@_attrs_define
class AttestationRequest:
    """What the signatory attests on filing: legality (Article 3(b)) and the
    Annex II point 5 declaration, with the name and function Annex II point 6 asks for.

        Attributes:
            legality (bool): Article 3(b): produced in accordance with the relevant legislation of the country of production
            annex_ii_declaration (bool): The Annex II point 5 declaration, in the version given
            signatory_name (str):
            signatory_function (str):
            declaration_version (AttestationDeclarationVersionEnum | Unset): * `2023/1115-annex-ii-5-en-oj-l150-2023-06-09`
                - 2023/1115-annex-ii-5-en-oj-l150-2023-06-09 Default: '2023/1115-annex-ii-5-en-oj-l150-2023-06-09'.
    """

    legality: bool
    annex_ii_declaration: bool
    signatory_name: str
    signatory_function: str
    declaration_version: AttestationDeclarationVersionEnum | Unset = "2023/1115-annex-ii-5-en-oj-l150-2023-06-09"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        legality = self.legality

        annex_ii_declaration = self.annex_ii_declaration

        signatory_name = self.signatory_name

        signatory_function = self.signatory_function

        declaration_version: str | Unset = UNSET
        if not isinstance(self.declaration_version, Unset):
            declaration_version = self.declaration_version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "legality": legality,
                "annex_ii_declaration": annex_ii_declaration,
                "signatory_name": signatory_name,
                "signatory_function": signatory_function,
            }
        )
        if declaration_version is not UNSET:
            field_dict["declaration_version"] = declaration_version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        legality = d.pop("legality")

        annex_ii_declaration = d.pop("annex_ii_declaration")

        signatory_name = d.pop("signatory_name")

        signatory_function = d.pop("signatory_function")

        _declaration_version = d.pop("declaration_version", UNSET)
        declaration_version: AttestationDeclarationVersionEnum | Unset
        if isinstance(_declaration_version, Unset):
            declaration_version = UNSET
        else:
            declaration_version = check_attestation_declaration_version_enum(_declaration_version)

        attestation_request = cls(
            legality=legality,
            annex_ii_declaration=annex_ii_declaration,
            signatory_name=signatory_name,
            signatory_function=signatory_function,
            declaration_version=declaration_version,
        )

        attestation_request.additional_properties = d
        return attestation_request

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
