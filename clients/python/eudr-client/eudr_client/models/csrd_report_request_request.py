from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.lang_enum import LangEnum, check_lang_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.supplier_request import SupplierRequest


T = TypeVar("T", bound="CsrdReportRequestRequest")


@_attrs_define
class CsrdReportRequestRequest:
    """
    Attributes:
        company_name (str):
        report_year (int): Four digits, 2000 to next year
        suppliers (list[SupplierRequest]): 1 to 1000 suppliers
        lang (LangEnum | Unset): * `pl` - Polski
            * `en` - English Default: 'pl'.
        employees (int | Unset): Average employees in the report year
        turnover_eur (float | Unset): Net turnover in the report year, EUR
        balance_sheet_eur (float | Unset): Balance sheet total, EUR: with employees and turnover, decides whether a
            listed company is a large undertaking (first CSRD wave, financial years 2024 to 2026)
        listed (bool | Unset): Securities admitted to trading on an EU regulated market
    """

    company_name: str
    report_year: int
    suppliers: list[SupplierRequest]
    lang: LangEnum | Unset = "pl"
    employees: int | Unset = UNSET
    turnover_eur: float | Unset = UNSET
    balance_sheet_eur: float | Unset = UNSET
    listed: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_name = self.company_name

        report_year = self.report_year

        suppliers = []
        for suppliers_item_data in self.suppliers:
            suppliers_item = suppliers_item_data.to_dict()
            suppliers.append(suppliers_item)

        lang: str | Unset = UNSET
        if not isinstance(self.lang, Unset):
            lang = self.lang

        employees = self.employees

        turnover_eur = self.turnover_eur

        balance_sheet_eur = self.balance_sheet_eur

        listed = self.listed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "company_name": company_name,
                "report_year": report_year,
                "suppliers": suppliers,
            }
        )
        if lang is not UNSET:
            field_dict["lang"] = lang
        if employees is not UNSET:
            field_dict["employees"] = employees
        if turnover_eur is not UNSET:
            field_dict["turnover_eur"] = turnover_eur
        if balance_sheet_eur is not UNSET:
            field_dict["balance_sheet_eur"] = balance_sheet_eur
        if listed is not UNSET:
            field_dict["listed"] = listed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.supplier_request import SupplierRequest  # noqa: PLC0415

        d = dict(src_dict)
        company_name = d.pop("company_name")

        report_year = d.pop("report_year")

        suppliers = []
        _suppliers = d.pop("suppliers")
        for suppliers_item_data in _suppliers:
            suppliers_item = SupplierRequest.from_dict(suppliers_item_data)

            suppliers.append(suppliers_item)

        _lang = d.pop("lang", UNSET)
        lang: LangEnum | Unset
        if isinstance(_lang, Unset):
            lang = UNSET
        else:
            lang = check_lang_enum(_lang)

        employees = d.pop("employees", UNSET)

        turnover_eur = d.pop("turnover_eur", UNSET)

        balance_sheet_eur = d.pop("balance_sheet_eur", UNSET)

        listed = d.pop("listed", UNSET)

        csrd_report_request_request = cls(
            company_name=company_name,
            report_year=report_year,
            suppliers=suppliers,
            lang=lang,
            employees=employees,
            turnover_eur=turnover_eur,
            balance_sheet_eur=balance_sheet_eur,
            listed=listed,
        )

        csrd_report_request_request.additional_properties = d
        return csrd_report_request_request

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
