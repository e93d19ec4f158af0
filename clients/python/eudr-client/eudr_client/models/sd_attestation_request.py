from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sd_attestation_declaration_version_enum import (
    SDAttestationDeclarationVersionEnum,
    check_sd_attestation_declaration_version_enum,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SDAttestationRequest")


@_attrs_define
class SDAttestationRequest:
    """A simplified declaration attests Annex III point 4 (added by Regulation (EU) 2025/2650),
    not Annex II point 5: `annex_iii_declaration`. Bodies written before it existed send
    `annex_ii_declaration`, still taken as the same confirmation (deprecated).

        Attributes:
            legality (bool): Article 3(b): produced in accordance with the relevant legislation of the country of production
            signatory_name (str):
            signatory_function (str):
            annex_ii_declaration (bool | Unset): Deprecated for simplified declarations: send annex_iii_declaration
            declaration_version (SDAttestationDeclarationVersionEnum | Unset): * `2023/1115-annex-iii-4-en-2025-2650` -
                2023/1115-annex-iii-4-en-2025-2650
            annex_iii_declaration (bool | Unset): The Annex III point 4 confirmation of a micro or small primary operator
                (required; `annex_ii_declaration: true` is taken instead from older bodies)
    """

    legality: bool
    signatory_name: str
    signatory_function: str
    annex_ii_declaration: bool | Unset = UNSET
    declaration_version: SDAttestationDeclarationVersionEnum | Unset = UNSET
    annex_iii_declaration: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        legality = self.legality

        signatory_name = self.signatory_name

        signatory_function = self.signatory_function

        annex_ii_declaration = self.annex_ii_declaration

        declaration_version: str | Unset = UNSET
        if not isinstance(self.declaration_version, Unset):
            declaration_version = self.declaration_version

        annex_iii_declaration = self.annex_iii_declaration

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "legality": legality,
                "signatory_name": signatory_name,
                "signatory_function": signatory_function,
            }
        )
        if annex_ii_declaration is not UNSET:
            field_dict["annex_ii_declaration"] = annex_ii_declaration
        if declaration_version is not UNSET:
            field_dict["declaration_version"] = declaration_version
        if annex_iii_declaration is not UNSET:
            field_dict["annex_iii_declaration"] = annex_iii_declaration

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        legality = d.pop("legality")

        signatory_name = d.pop("signatory_name")

        signatory_function = d.pop("signatory_function")

        annex_ii_declaration = d.pop("annex_ii_declaration", UNSET)

        _declaration_version = d.pop("declaration_version", UNSET)
        declaration_version: SDAttestationDeclarationVersionEnum | Unset
        if isinstance(_declaration_version, Unset):
            declaration_version = UNSET
        else:
            declaration_version = check_sd_attestation_declaration_version_enum(_declaration_version)

        annex_iii_declaration = d.pop("annex_iii_declaration", UNSET)

        sd_attestation_request = cls(
            legality=legality,
            signatory_name=signatory_name,
            signatory_function=signatory_function,
            annex_ii_declaration=annex_ii_declaration,
            declaration_version=declaration_version,
            annex_iii_declaration=annex_iii_declaration,
        )

        sd_attestation_request.additional_properties = d
        return sd_attestation_request

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
