from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.activity_enum import ActivityEnum, check_activity_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bulk_filing_in_request_goods import BulkFilingInRequestGoods


T = TypeVar("T", bound="BulkFilingInRequest")


@_attrs_define
class BulkFilingInRequest:
    """
    Attributes:
        signatory_name (str): Who attests for the representative
        signatory_function (str):
        goods (BulkFilingInRequestGoods): Per commodity of your suppliers, named as the roster names it, in Polish or
            English (soja or soya, bydło or cattle, drewno or wood): description and HS heading
        activity (ActivityEnum | Unset): * `import` - import
            * `export` - export
            * `domestic` - domestic production / trade Default: 'domestic'.
        estimate_percentage (str | Unset): How far the roster's yearly quantities in kg are estimates (0 to 25 %);
            quantities in another unit (head NAR, m³ MTQ) are filed in their own unit, without it Default: '10.000'.
    """

    signatory_name: str
    signatory_function: str
    goods: BulkFilingInRequestGoods
    activity: ActivityEnum | Unset = "domestic"
    estimate_percentage: str | Unset = "10.000"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        signatory_name = self.signatory_name

        signatory_function = self.signatory_function

        goods = self.goods.to_dict()

        activity: str | Unset = UNSET
        if not isinstance(self.activity, Unset):
            activity = self.activity

        estimate_percentage = self.estimate_percentage

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "signatory_name": signatory_name,
                "signatory_function": signatory_function,
                "goods": goods,
            }
        )
        if activity is not UNSET:
            field_dict["activity"] = activity
        if estimate_percentage is not UNSET:
            field_dict["estimate_percentage"] = estimate_percentage

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_filing_in_request_goods import BulkFilingInRequestGoods  # noqa: PLC0415

        d = dict(src_dict)
        signatory_name = d.pop("signatory_name")

        signatory_function = d.pop("signatory_function")

        goods = BulkFilingInRequestGoods.from_dict(d.pop("goods"))

        _activity = d.pop("activity", UNSET)
        activity: ActivityEnum | Unset
        if isinstance(_activity, Unset):
            activity = UNSET
        else:
            activity = check_activity_enum(_activity)

        estimate_percentage = d.pop("estimate_percentage", UNSET)

        bulk_filing_in_request = cls(
            signatory_name=signatory_name,
            signatory_function=signatory_function,
            goods=goods,
            activity=activity,
            estimate_percentage=estimate_percentage,
        )

        bulk_filing_in_request.additional_properties = d
        return bulk_filing_in_request

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
