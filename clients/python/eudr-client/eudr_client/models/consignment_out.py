from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.consignment_out_eu_check_type_0 import ConsignmentOutEuCheckType0
    from ..models.trading_partner_out import TradingPartnerOut


T = TypeVar("T", bound="ConsignmentOut")


@_attrs_define
class ConsignmentOut:
    """
    Attributes:
        record (TradingPartnerOut):
        reference_number (str): The supplier's declaration; empty when none yet
        verification_number (str):
        eu_check (ConsignmentOutEuCheckType0 | None): verifyDeclaration's answer (result, eu_status, error_message);
            null when not checked
    """

    record: TradingPartnerOut
    reference_number: str
    verification_number: str
    eu_check: ConsignmentOutEuCheckType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.consignment_out_eu_check_type_0 import ConsignmentOutEuCheckType0  # noqa: PLC0415

        record = self.record.to_dict()

        reference_number = self.reference_number

        verification_number = self.verification_number

        eu_check: dict[str, Any] | None
        if isinstance(self.eu_check, ConsignmentOutEuCheckType0):
            eu_check = self.eu_check.to_dict()
        else:
            eu_check = self.eu_check

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "record": record,
                "reference_number": reference_number,
                "verification_number": verification_number,
                "eu_check": eu_check,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.consignment_out_eu_check_type_0 import ConsignmentOutEuCheckType0  # noqa: PLC0415
        from ..models.trading_partner_out import TradingPartnerOut  # noqa: PLC0415

        d = dict(src_dict)
        record = TradingPartnerOut.from_dict(d.pop("record"))

        reference_number = d.pop("reference_number")

        verification_number = d.pop("verification_number")

        def _parse_eu_check(data: object) -> ConsignmentOutEuCheckType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                eu_check_type_0 = ConsignmentOutEuCheckType0.from_dict(data)

                return eu_check_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConsignmentOutEuCheckType0 | None, data)

        eu_check = _parse_eu_check(d.pop("eu_check"))

        consignment_out = cls(
            record=record,
            reference_number=reference_number,
            verification_number=verification_number,
            eu_check=eu_check,
        )

        consignment_out.additional_properties = d
        return consignment_out

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
