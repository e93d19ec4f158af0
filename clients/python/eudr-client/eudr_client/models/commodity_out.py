from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.plot_out import PlotOut
    from ..models.producer_out import ProducerOut
    from ..models.species_out import SpeciesOut


T = TypeVar("T", bound="CommodityOut")


@_attrs_define
class CommodityOut:
    """
    Attributes:
        commodity (str): Annex I code, e.g. soya
        commodity_name (str): The commodity named in the language of Accept-Language (pl or en; English by default)
        description (str):
        hs_heading (str):
        net_mass_kg (float | None):
        percentage_estimation_or_deviation (float | None): V3 percentageEstimationOrDeviation
        supplementary_unit (float | None):
        supplementary_unit_qualifier (str): e.g. NAR, MTQ; empty
        country_of_production (str): The first producer's country
        species (list[SpeciesOut]): Tree species (V3 speciesInfo); empty when not given
        producers (list[ProducerOut]): V3 producers
        plots (list[PlotOut]):
    """

    commodity: str
    commodity_name: str
    description: str
    hs_heading: str
    net_mass_kg: float | None
    percentage_estimation_or_deviation: float | None
    supplementary_unit: float | None
    supplementary_unit_qualifier: str
    country_of_production: str
    species: list[SpeciesOut]
    producers: list[ProducerOut]
    plots: list[PlotOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commodity = self.commodity

        commodity_name = self.commodity_name

        description = self.description

        hs_heading = self.hs_heading

        net_mass_kg: float | None
        net_mass_kg = self.net_mass_kg

        percentage_estimation_or_deviation: float | None
        percentage_estimation_or_deviation = self.percentage_estimation_or_deviation

        supplementary_unit: float | None
        supplementary_unit = self.supplementary_unit

        supplementary_unit_qualifier = self.supplementary_unit_qualifier

        country_of_production = self.country_of_production

        species = []
        for species_item_data in self.species:
            species_item = species_item_data.to_dict()
            species.append(species_item)

        producers = []
        for producers_item_data in self.producers:
            producers_item = producers_item_data.to_dict()
            producers.append(producers_item)

        plots = []
        for plots_item_data in self.plots:
            plots_item = plots_item_data.to_dict()
            plots.append(plots_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commodity": commodity,
                "commodity_name": commodity_name,
                "description": description,
                "hs_heading": hs_heading,
                "net_mass_kg": net_mass_kg,
                "percentage_estimation_or_deviation": percentage_estimation_or_deviation,
                "supplementary_unit": supplementary_unit,
                "supplementary_unit_qualifier": supplementary_unit_qualifier,
                "country_of_production": country_of_production,
                "species": species,
                "producers": producers,
                "plots": plots,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plot_out import PlotOut  # noqa: PLC0415
        from ..models.producer_out import ProducerOut  # noqa: PLC0415
        from ..models.species_out import SpeciesOut  # noqa: PLC0415

        d = dict(src_dict)
        commodity = d.pop("commodity")

        commodity_name = d.pop("commodity_name")

        description = d.pop("description")

        hs_heading = d.pop("hs_heading")

        def _parse_net_mass_kg(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        net_mass_kg = _parse_net_mass_kg(d.pop("net_mass_kg"))

        def _parse_percentage_estimation_or_deviation(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        percentage_estimation_or_deviation = _parse_percentage_estimation_or_deviation(
            d.pop("percentage_estimation_or_deviation")
        )

        def _parse_supplementary_unit(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        supplementary_unit = _parse_supplementary_unit(d.pop("supplementary_unit"))

        supplementary_unit_qualifier = d.pop("supplementary_unit_qualifier")

        country_of_production = d.pop("country_of_production")

        species = []
        _species = d.pop("species")
        for species_item_data in _species:
            species_item = SpeciesOut.from_dict(species_item_data)

            species.append(species_item)

        producers = []
        _producers = d.pop("producers")
        for producers_item_data in _producers:
            producers_item = ProducerOut.from_dict(producers_item_data)

            producers.append(producers_item)

        plots = []
        _plots = d.pop("plots")
        for plots_item_data in _plots:
            plots_item = PlotOut.from_dict(plots_item_data)

            plots.append(plots_item)

        commodity_out = cls(
            commodity=commodity,
            commodity_name=commodity_name,
            description=description,
            hs_heading=hs_heading,
            net_mass_kg=net_mass_kg,
            percentage_estimation_or_deviation=percentage_estimation_or_deviation,
            supplementary_unit=supplementary_unit,
            supplementary_unit_qualifier=supplementary_unit_qualifier,
            country_of_production=country_of_production,
            species=species,
            producers=producers,
            plots=plots,
        )

        commodity_out.additional_properties = d
        return commodity_out

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
