from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verify_mandate_basis_enum import VerifyMandateBasisEnum, check_verify_mandate_basis_enum
from ..models.verify_mandate_operator_identity_enum import (
    VerifyMandateOperatorIdentityEnum,
    check_verify_mandate_operator_identity_enum,
)

T = TypeVar("T", bound="VerifyMandate")


@_attrs_define
class VerifyMandate:
    """
    Attributes:
        basis (VerifyMandateBasisEnum): * `signed_document` - signed_document
            * `email_confirmation` - email_confirmation
        confirmed_at (None | str): 2026-03-01T12:00:00.000Z
        operator_identity (VerifyMandateOperatorIdentityEnum): * `verified_by_staff` - verified_by_staff
            * `signed_authorisation_reviewed_by_staff` - signed_authorisation_reviewed_by_staff
            * `declared_by_representative` - declared_by_representative
    """

    basis: VerifyMandateBasisEnum
    confirmed_at: None | str
    operator_identity: VerifyMandateOperatorIdentityEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        basis: str = self.basis

        confirmed_at: None | str
        confirmed_at = self.confirmed_at

        operator_identity: str = self.operator_identity

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "basis": basis,
                "confirmed_at": confirmed_at,
                "operator_identity": operator_identity,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        basis = check_verify_mandate_basis_enum(d.pop("basis"))

        def _parse_confirmed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        confirmed_at = _parse_confirmed_at(d.pop("confirmed_at"))

        operator_identity = check_verify_mandate_operator_identity_enum(d.pop("operator_identity"))

        verify_mandate = cls(
            basis=basis,
            confirmed_at=confirmed_at,
            operator_identity=operator_identity,
        )

        verify_mandate.additional_properties = d
        return verify_mandate

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
