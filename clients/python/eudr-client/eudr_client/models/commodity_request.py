from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.supplementary_unit_qualifier_enum import (
    SupplementaryUnitQualifierEnum,
    check_supplementary_unit_qualifier_enum,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plot_request import PlotRequest
    from ..models.producer_request import ProducerRequest
    from ..models.species_request import SpeciesRequest


T = TypeVar("T", bound="CommodityRequest")


@_attrs_define
class CommodityRequest:
    """One commodity line. Its land is either `plots` (the operator produced the goods itself in
    `country_of_production`) or `producers`, each with its own name, country and plots.

        Attributes:
            commodity (str): A relevant commodity of Annex I, Polish or English name; wheat, corn, rapeseed and other are
                refused (commodity_out_of_scope).
            description (str):
            hs_heading (str): Must fall under an Annex I line of the commodity on the filing date (hs_not_in_annex_i).
            net_mass_kg (str | Unset): Net mass in kg: required for import and export; outside customs with its
                percentage_estimation_or_deviation, or replaced by a supplementary unit
            supplementary_unit (str | Unset): Quantity in the supplementary unit (e.g. 12.5 m³, 40 head of cattle)
            supplementary_unit_qualifier (SupplementaryUnitQualifierEnum | Unset): * `KSD` - KSD
                * `MTK` - MTK
                * `MTQ` - MTQ
                * `MTR` - MTR
                * `NAR` - NAR
                * `NPR` - NPR
            percentage_estimation_or_deviation (str | Unset): How far the net mass is an estimate, in percent (0 to 25):
                required with a net mass outside customs, not allowed for import and export
            country_of_production (str | Unset): Required with `plots`; with `producers` each names its own
            species (list[SpeciesRequest] | Unset): Tree species (V3 speciesInfo): required for wood in a due diligence
                statement (species_required); at most 500.
            plots (list[PlotRequest] | Unset): The plots, when the operator produced the goods itself; otherwise `producers`
            producers (list[ProducerRequest] | Unset): Who produced the goods and on which plots; one V3 producer each (at
                most 1000 a line, OPS 10.3)
    """

    commodity: str
    description: str
    hs_heading: str
    net_mass_kg: str | Unset = UNSET
    supplementary_unit: str | Unset = UNSET
    supplementary_unit_qualifier: SupplementaryUnitQualifierEnum | Unset = UNSET
    percentage_estimation_or_deviation: str | Unset = UNSET
    country_of_production: str | Unset = UNSET
    species: list[SpeciesRequest] | Unset = UNSET
    plots: list[PlotRequest] | Unset = UNSET
    producers: list[ProducerRequest] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commodity = self.commodity

        description = self.description

        hs_heading = self.hs_heading

        net_mass_kg = self.net_mass_kg

        supplementary_unit = self.supplementary_unit

        supplementary_unit_qualifier: str | Unset = UNSET
        if not isinstance(self.supplementary_unit_qualifier, Unset):
            supplementary_unit_qualifier = self.supplementary_unit_qualifier

        percentage_estimation_or_deviation = self.percentage_estimation_or_deviation

        country_of_production = self.country_of_production

        species: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.species, Unset):
            species = []
            for species_item_data in self.species:
                species_item = species_item_data.to_dict()
                species.append(species_item)

        plots: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.plots, Unset):
            plots = []
            for plots_item_data in self.plots:
                plots_item = plots_item_data.to_dict()
                plots.append(plots_item)

        producers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.producers, Unset):
            producers = []
            for producers_item_data in self.producers:
                producers_item = producers_item_data.to_dict()
                producers.append(producers_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commodity": commodity,
                "description": description,
                "hs_heading": hs_heading,
            }
        )
        if net_mass_kg is not UNSET:
            field_dict["net_mass_kg"] = net_mass_kg
        if supplementary_unit is not UNSET:
            field_dict["supplementary_unit"] = supplementary_unit
        if supplementary_unit_qualifier is not UNSET:
            field_dict["supplementary_unit_qualifier"] = supplementary_unit_qualifier
        if percentage_estimation_or_deviation is not UNSET:
            field_dict["percentage_estimation_or_deviation"] = percentage_estimation_or_deviation
        if country_of_production is not UNSET:
            field_dict["country_of_production"] = country_of_production
        if species is not UNSET:
            field_dict["species"] = species
        if plots is not UNSET:
            field_dict["plots"] = plots
        if producers is not UNSET:
            field_dict["producers"] = producers

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plot_request import PlotRequest  # noqa: PLC0415
        from ..models.producer_request import ProducerRequest  # noqa: PLC0415
        from ..models.species_request import SpeciesRequest  # noqa: PLC0415

        d = dict(src_dict)
        commodity = d.pop("commodity")

        description = d.pop("description")

        hs_heading = d.pop("hs_heading")

        net_mass_kg = d.pop("net_mass_kg", UNSET)

        supplementary_unit = d.pop("supplementary_unit", UNSET)

        _supplementary_unit_qualifier = d.pop("supplementary_unit_qualifier", UNSET)
        supplementary_unit_qualifier: SupplementaryUnitQualifierEnum | Unset
        if isinstance(_supplementary_unit_qualifier, Unset):
            supplementary_unit_qualifier = UNSET
        else:
            supplementary_unit_qualifier = check_supplementary_unit_qualifier_enum(_supplementary_unit_qualifier)

        percentage_estimation_or_deviation = d.pop("percentage_estimation_or_deviation", UNSET)

        country_of_production = d.pop("country_of_production", UNSET)

        _species = d.pop("species", UNSET)
        species: list[SpeciesRequest] | Unset = UNSET
        if _species is not UNSET:
            species = []
            for species_item_data in _species:
                species_item = SpeciesRequest.from_dict(species_item_data)

                species.append(species_item)

        _plots = d.pop("plots", UNSET)
        plots: list[PlotRequest] | Unset = UNSET
        if _plots is not UNSET:
            plots = []
            for plots_item_data in _plots:
                plots_item = PlotRequest.from_dict(plots_item_data)

                plots.append(plots_item)

        _producers = d.pop("producers", UNSET)
        producers: list[ProducerRequest] | Unset = UNSET
        if _producers is not UNSET:
            producers = []
            for producers_item_data in _producers:
                producers_item = ProducerRequest.from_dict(producers_item_data)

                producers.append(producers_item)

        commodity_request = cls(
            commodity=commodity,
            description=description,
            hs_heading=hs_heading,
            net_mass_kg=net_mass_kg,
            supplementary_unit=supplementary_unit,
            supplementary_unit_qualifier=supplementary_unit_qualifier,
            percentage_estimation_or_deviation=percentage_estimation_or_deviation,
            country_of_production=country_of_production,
            species=species,
            plots=plots,
            producers=producers,
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
