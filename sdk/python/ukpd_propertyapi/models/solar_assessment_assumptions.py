from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SolarAssessmentAssumptions")


@_attrs_define
class SolarAssessmentAssumptions:
    """
    Attributes:
        electricity_price_pence_per_kwh (float | None | Unset):
        export_tariff_pence_per_kwh (float | None | Unset):
        flat_usable_fraction (float | None | Unset):
        grid_kg_co2_per_kwh (float | None | Unset):
        install_cost_gbp_per_kwp (float | None | Unset):
        install_fixed_cost_gbp (float | None | Unset):
        max_panels (int | None | Unset):
        min_panels (int | None | Unset):
        panel_area_sqm (float | None | Unset):
        panel_watts (float | None | Unset):
        pitched_usable_fraction (float | None | Unset):
        self_consumption_share (float | None | Unset):
        south_yield_kwh_per_kwp (float | None | Unset):
    """

    electricity_price_pence_per_kwh: float | None | Unset = UNSET
    export_tariff_pence_per_kwh: float | None | Unset = UNSET
    flat_usable_fraction: float | None | Unset = UNSET
    grid_kg_co2_per_kwh: float | None | Unset = UNSET
    install_cost_gbp_per_kwp: float | None | Unset = UNSET
    install_fixed_cost_gbp: float | None | Unset = UNSET
    max_panels: int | None | Unset = UNSET
    min_panels: int | None | Unset = UNSET
    panel_area_sqm: float | None | Unset = UNSET
    panel_watts: float | None | Unset = UNSET
    pitched_usable_fraction: float | None | Unset = UNSET
    self_consumption_share: float | None | Unset = UNSET
    south_yield_kwh_per_kwp: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        electricity_price_pence_per_kwh: float | None | Unset
        if isinstance(self.electricity_price_pence_per_kwh, Unset):
            electricity_price_pence_per_kwh = UNSET
        else:
            electricity_price_pence_per_kwh = self.electricity_price_pence_per_kwh

        export_tariff_pence_per_kwh: float | None | Unset
        if isinstance(self.export_tariff_pence_per_kwh, Unset):
            export_tariff_pence_per_kwh = UNSET
        else:
            export_tariff_pence_per_kwh = self.export_tariff_pence_per_kwh

        flat_usable_fraction: float | None | Unset
        if isinstance(self.flat_usable_fraction, Unset):
            flat_usable_fraction = UNSET
        else:
            flat_usable_fraction = self.flat_usable_fraction

        grid_kg_co2_per_kwh: float | None | Unset
        if isinstance(self.grid_kg_co2_per_kwh, Unset):
            grid_kg_co2_per_kwh = UNSET
        else:
            grid_kg_co2_per_kwh = self.grid_kg_co2_per_kwh

        install_cost_gbp_per_kwp: float | None | Unset
        if isinstance(self.install_cost_gbp_per_kwp, Unset):
            install_cost_gbp_per_kwp = UNSET
        else:
            install_cost_gbp_per_kwp = self.install_cost_gbp_per_kwp

        install_fixed_cost_gbp: float | None | Unset
        if isinstance(self.install_fixed_cost_gbp, Unset):
            install_fixed_cost_gbp = UNSET
        else:
            install_fixed_cost_gbp = self.install_fixed_cost_gbp

        max_panels: int | None | Unset
        if isinstance(self.max_panels, Unset):
            max_panels = UNSET
        else:
            max_panels = self.max_panels

        min_panels: int | None | Unset
        if isinstance(self.min_panels, Unset):
            min_panels = UNSET
        else:
            min_panels = self.min_panels

        panel_area_sqm: float | None | Unset
        if isinstance(self.panel_area_sqm, Unset):
            panel_area_sqm = UNSET
        else:
            panel_area_sqm = self.panel_area_sqm

        panel_watts: float | None | Unset
        if isinstance(self.panel_watts, Unset):
            panel_watts = UNSET
        else:
            panel_watts = self.panel_watts

        pitched_usable_fraction: float | None | Unset
        if isinstance(self.pitched_usable_fraction, Unset):
            pitched_usable_fraction = UNSET
        else:
            pitched_usable_fraction = self.pitched_usable_fraction

        self_consumption_share: float | None | Unset
        if isinstance(self.self_consumption_share, Unset):
            self_consumption_share = UNSET
        else:
            self_consumption_share = self.self_consumption_share

        south_yield_kwh_per_kwp: float | None | Unset
        if isinstance(self.south_yield_kwh_per_kwp, Unset):
            south_yield_kwh_per_kwp = UNSET
        else:
            south_yield_kwh_per_kwp = self.south_yield_kwh_per_kwp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if electricity_price_pence_per_kwh is not UNSET:
            field_dict["electricity_price_pence_per_kwh"] = electricity_price_pence_per_kwh
        if export_tariff_pence_per_kwh is not UNSET:
            field_dict["export_tariff_pence_per_kwh"] = export_tariff_pence_per_kwh
        if flat_usable_fraction is not UNSET:
            field_dict["flat_usable_fraction"] = flat_usable_fraction
        if grid_kg_co2_per_kwh is not UNSET:
            field_dict["grid_kg_co2_per_kwh"] = grid_kg_co2_per_kwh
        if install_cost_gbp_per_kwp is not UNSET:
            field_dict["install_cost_gbp_per_kwp"] = install_cost_gbp_per_kwp
        if install_fixed_cost_gbp is not UNSET:
            field_dict["install_fixed_cost_gbp"] = install_fixed_cost_gbp
        if max_panels is not UNSET:
            field_dict["max_panels"] = max_panels
        if min_panels is not UNSET:
            field_dict["min_panels"] = min_panels
        if panel_area_sqm is not UNSET:
            field_dict["panel_area_sqm"] = panel_area_sqm
        if panel_watts is not UNSET:
            field_dict["panel_watts"] = panel_watts
        if pitched_usable_fraction is not UNSET:
            field_dict["pitched_usable_fraction"] = pitched_usable_fraction
        if self_consumption_share is not UNSET:
            field_dict["self_consumption_share"] = self_consumption_share
        if south_yield_kwh_per_kwp is not UNSET:
            field_dict["south_yield_kwh_per_kwp"] = south_yield_kwh_per_kwp

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_electricity_price_pence_per_kwh(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        electricity_price_pence_per_kwh = _parse_electricity_price_pence_per_kwh(
            d.pop("electricity_price_pence_per_kwh", UNSET)
        )

        def _parse_export_tariff_pence_per_kwh(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        export_tariff_pence_per_kwh = _parse_export_tariff_pence_per_kwh(d.pop("export_tariff_pence_per_kwh", UNSET))

        def _parse_flat_usable_fraction(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        flat_usable_fraction = _parse_flat_usable_fraction(d.pop("flat_usable_fraction", UNSET))

        def _parse_grid_kg_co2_per_kwh(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        grid_kg_co2_per_kwh = _parse_grid_kg_co2_per_kwh(d.pop("grid_kg_co2_per_kwh", UNSET))

        def _parse_install_cost_gbp_per_kwp(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        install_cost_gbp_per_kwp = _parse_install_cost_gbp_per_kwp(d.pop("install_cost_gbp_per_kwp", UNSET))

        def _parse_install_fixed_cost_gbp(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        install_fixed_cost_gbp = _parse_install_fixed_cost_gbp(d.pop("install_fixed_cost_gbp", UNSET))

        def _parse_max_panels(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_panels = _parse_max_panels(d.pop("max_panels", UNSET))

        def _parse_min_panels(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_panels = _parse_min_panels(d.pop("min_panels", UNSET))

        def _parse_panel_area_sqm(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        panel_area_sqm = _parse_panel_area_sqm(d.pop("panel_area_sqm", UNSET))

        def _parse_panel_watts(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        panel_watts = _parse_panel_watts(d.pop("panel_watts", UNSET))

        def _parse_pitched_usable_fraction(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        pitched_usable_fraction = _parse_pitched_usable_fraction(d.pop("pitched_usable_fraction", UNSET))

        def _parse_self_consumption_share(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        self_consumption_share = _parse_self_consumption_share(d.pop("self_consumption_share", UNSET))

        def _parse_south_yield_kwh_per_kwp(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        south_yield_kwh_per_kwp = _parse_south_yield_kwh_per_kwp(d.pop("south_yield_kwh_per_kwp", UNSET))

        solar_assessment_assumptions = cls(
            electricity_price_pence_per_kwh=electricity_price_pence_per_kwh,
            export_tariff_pence_per_kwh=export_tariff_pence_per_kwh,
            flat_usable_fraction=flat_usable_fraction,
            grid_kg_co2_per_kwh=grid_kg_co2_per_kwh,
            install_cost_gbp_per_kwp=install_cost_gbp_per_kwp,
            install_fixed_cost_gbp=install_fixed_cost_gbp,
            max_panels=max_panels,
            min_panels=min_panels,
            panel_area_sqm=panel_area_sqm,
            panel_watts=panel_watts,
            pitched_usable_fraction=pitched_usable_fraction,
            self_consumption_share=self_consumption_share,
            south_yield_kwh_per_kwp=south_yield_kwh_per_kwp,
        )

        solar_assessment_assumptions.additional_properties = d
        return solar_assessment_assumptions

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
