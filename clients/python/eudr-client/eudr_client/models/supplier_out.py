from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.existing_declaration_out import ExistingDeclarationOut
    from ..models.mandate_out import MandateOut


T = TypeVar("T", bound="SupplierOut")


@_attrs_define
class SupplierOut:
    """ModelSerializer whose model DateTimeFields come out as TimestampField.

    Attributes:
        id (UUID):
        producer_number (str): The buyer's own number for this supplier
        name (str):
        size (str): natural_person, micro or small (Directive 2013/34/EU Art. 3)
        nip (str):
        regon (str):
        street (str):
        postal_code (str):
        city (str):
        email (str):
        commodity (str): Annex I code
        quantity (float): Yearly, in `unit`
        unit (str): kg, or a supplementary unit code (NAR, MTQ, ...)
        parcels (list[str]):
        land_street (str):
        land_postal_code (str):
        land_city (str):
        herd_number (str):
        declaration_reference_number (str):
        declaration_verification_number (str):
        existing_declaration (ExistingDeclarationOut | None): The EU's answer about the supplier's own declaration
            (declaration_reference_number); null when none was given, or for a test supplier (never checked)
        mandate (MandateOut | None): The newest mandate; null when none was given
        livemode (bool): false for a supplier uploaded with a test key
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    producer_number: str
    name: str
    size: str
    nip: str
    regon: str
    street: str
    postal_code: str
    city: str
    email: str
    commodity: str
    quantity: float
    unit: str
    parcels: list[str]
    land_street: str
    land_postal_code: str
    land_city: str
    herd_number: str
    declaration_reference_number: str
    declaration_verification_number: str
    existing_declaration: ExistingDeclarationOut | None
    mandate: MandateOut | None
    livemode: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.existing_declaration_out import ExistingDeclarationOut  # noqa: PLC0415
        from ..models.mandate_out import MandateOut  # noqa: PLC0415

        id = str(self.id)

        producer_number = self.producer_number

        name = self.name

        size = self.size

        nip = self.nip

        regon = self.regon

        street = self.street

        postal_code = self.postal_code

        city = self.city

        email = self.email

        commodity = self.commodity

        quantity = self.quantity

        unit = self.unit

        parcels = self.parcels

        land_street = self.land_street

        land_postal_code = self.land_postal_code

        land_city = self.land_city

        herd_number = self.herd_number

        declaration_reference_number = self.declaration_reference_number

        declaration_verification_number = self.declaration_verification_number

        existing_declaration: dict[str, Any] | None
        if isinstance(self.existing_declaration, ExistingDeclarationOut):
            existing_declaration = self.existing_declaration.to_dict()
        else:
            existing_declaration = self.existing_declaration

        mandate: dict[str, Any] | None
        if isinstance(self.mandate, MandateOut):
            mandate = self.mandate.to_dict()
        else:
            mandate = self.mandate

        livemode = self.livemode

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "producer_number": producer_number,
                "name": name,
                "size": size,
                "nip": nip,
                "regon": regon,
                "street": street,
                "postal_code": postal_code,
                "city": city,
                "email": email,
                "commodity": commodity,
                "quantity": quantity,
                "unit": unit,
                "parcels": parcels,
                "land_street": land_street,
                "land_postal_code": land_postal_code,
                "land_city": land_city,
                "herd_number": herd_number,
                "declaration_reference_number": declaration_reference_number,
                "declaration_verification_number": declaration_verification_number,
                "existing_declaration": existing_declaration,
                "mandate": mandate,
                "livemode": livemode,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.existing_declaration_out import ExistingDeclarationOut  # noqa: PLC0415
        from ..models.mandate_out import MandateOut  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        producer_number = d.pop("producer_number")

        name = d.pop("name")

        size = d.pop("size")

        nip = d.pop("nip")

        regon = d.pop("regon")

        street = d.pop("street")

        postal_code = d.pop("postal_code")

        city = d.pop("city")

        email = d.pop("email")

        commodity = d.pop("commodity")

        quantity = d.pop("quantity")

        unit = d.pop("unit")

        parcels = cast(list[str], d.pop("parcels"))

        land_street = d.pop("land_street")

        land_postal_code = d.pop("land_postal_code")

        land_city = d.pop("land_city")

        herd_number = d.pop("herd_number")

        declaration_reference_number = d.pop("declaration_reference_number")

        declaration_verification_number = d.pop("declaration_verification_number")

        def _parse_existing_declaration(data: object) -> ExistingDeclarationOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                existing_declaration_type_1 = ExistingDeclarationOut.from_dict(data)

                return existing_declaration_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExistingDeclarationOut | None, data)

        existing_declaration = _parse_existing_declaration(d.pop("existing_declaration"))

        def _parse_mandate(data: object) -> MandateOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mandate_type_1 = MandateOut.from_dict(data)

                return mandate_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MandateOut | None, data)

        mandate = _parse_mandate(d.pop("mandate"))

        livemode = d.pop("livemode")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        supplier_out = cls(
            id=id,
            producer_number=producer_number,
            name=name,
            size=size,
            nip=nip,
            regon=regon,
            street=street,
            postal_code=postal_code,
            city=city,
            email=email,
            commodity=commodity,
            quantity=quantity,
            unit=unit,
            parcels=parcels,
            land_street=land_street,
            land_postal_code=land_postal_code,
            land_city=land_city,
            herd_number=herd_number,
            declaration_reference_number=declaration_reference_number,
            declaration_verification_number=declaration_verification_number,
            existing_declaration=existing_declaration,
            mandate=mandate,
            livemode=livemode,
            created_at=created_at,
            updated_at=updated_at,
        )

        supplier_out.additional_properties = d
        return supplier_out

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
