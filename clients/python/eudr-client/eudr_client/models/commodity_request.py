from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plot_request import PlotRequest
    from ..models.species_request import SpeciesRequest


T = TypeVar("T", bound="CommodityRequest")


@_attrs_define
class CommodityRequest:
    """
    Attributes:
        commodity (str): A relevant commodity of Annex I, Polish or English name; wheat, corn, rapeseed and other are
            refused (commodity_out_of_scope).
        description (str):
        hs_heading (str): Must fall under an Annex I line of the commodity on the filing date (hs_not_in_annex_i).
        net_mass_kg (str):
        country_of_production (str):
        plots (list[PlotRequest]):
        species (list[SpeciesRequest] | Unset): Tree species (V3 speciesInfo): required for wood in a due diligence
            statement (species_required); at most 500.
    """

    commodity: str
    description: str
    hs_heading: str
    net_mass_kg: str
    country_of_production: str
    plots: list[PlotRequest]
    species: list[SpeciesRequest] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commodity = self.commodity

        description = self.description

        hs_heading = self.hs_heading

        net_mass_kg = self.net_mass_kg

        country_of_production = self.country_of_production

        plots = []
        for plots_item_data in self.plots:
            plots_item = plots_item_data.to_dict()
            plots.append(plots_item)

        species: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.species, Unset):
            species = []
            for species_item_data in self.species:
                species_item = species_item_data.to_dict()
                species.append(species_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commodity": commodity,
                "description": description,
                "hs_heading": hs_heading,
                "net_mass_kg": net_mass_kg,
                "country_of_production": country_of_production,
                "plots": plots,
            }
        )
        if species is not UNSET:
            field_dict["species"] = species

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plot_request import PlotRequest  # noqa: PLC0415
        from ..models.species_request import SpeciesRequest  # noqa: PLC0415

        d = dict(src_dict)
        commodity = d.pop("commodity")

        description = d.pop("description")

        hs_heading = d.pop("hs_heading")

        net_mass_kg = d.pop("net_mass_kg")

        country_of_production = d.pop("country_of_production")

        plots = []
        _plots = d.pop("plots")
        for plots_item_data in _plots:
            plots_item = PlotRequest.from_dict(plots_item_data)

            plots.append(plots_item)

        _species = d.pop("species", UNSET)
        species: list[SpeciesRequest] | Unset = UNSET
        if _species is not UNSET:
            species = []
            for species_item_data in _species:
                species_item = SpeciesRequest.from_dict(species_item_data)

                species.append(species_item)

        commodity_request = cls(
            commodity=commodity,
            description=description,
            hs_heading=hs_heading,
            net_mass_kg=net_mass_kg,
            country_of_production=country_of_production,
            plots=plots,
            species=species,
        )

        commodity_request.additional_properties = d
        return commodity_request

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
