from typing import Literal

SuppliersListCommodity = Literal["cattle", "cocoa", "coffee", "oil_palm", "rubber", "soya", "wood"]

SUPPLIERS_LIST_COMMODITY_VALUES: set[SuppliersListCommodity] = {
    "cattle",
    "cocoa",
    "coffee",
    "oil_palm",
    "rubber",
    "soya",
    "wood",
}


def check_suppliers_list_commodity(value: str) -> SuppliersListCommodity:
    if value in SUPPLIERS_LIST_COMMODITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUPPLIERS_LIST_COMMODITY_VALUES!r}")
