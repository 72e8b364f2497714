from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SolarAssessmentSystemType0")


@_attrs_define
class SolarAssessmentSystemType0:
    """
    Attributes:
        annual_generation_kwh (int | None | Unset):
        annual_savings_gbp (int | None | Unset):
        capacity_kwp (float | None | Unset):
        co2_saved_kg_per_year (int | None | Unset):
        install_cost_gbp (int | None | Unset):
        panels (int | None | Unset):
        payback_years (float | None | Unset):
        yield_kwh_per_kwp (int | None | Unset):
    """

    annual_generation_kwh: int | None | Unset = UNSET
    annual_savings_gbp: int | None | Unset = UNSET
    capacity_kwp: float | None | Unset = UNSET
    co2_saved_kg_per_year: int | None | Unset = UNSET
    install_cost_gbp: int | None | Unset = UNSET
    panels: int | None | Unset = UNSET
    payback_years: float | None | Unset = UNSET
    yield_kwh_per_kwp: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        annual_generation_kwh: int | None | Unset
        if isinstance(self.annual_generation_kwh, Unset):
            annual_generation_kwh = UNSET
        else:
            annual_generation_kwh = self.annual_generation_kwh

        annual_savings_gbp: int | None | Unset
        if isinstance(self.annual_savings_gbp, Unset):
            annual_savings_gbp = UNSET
        else:
            annual_savings_gbp = self.annual_savings_gbp

        capacity_kwp: float | None | Unset
        if isinstance(self.capacity_kwp, Unset):
            capacity_kwp = UNSET
        else:
            capacity_kwp = self.capacity_kwp

        co2_saved_kg_per_year: int | None | Unset
        if isinstance(self.co2_saved_kg_per_year, Unset):
            co2_saved_kg_per_year = UNSET
        else:
            co2_saved_kg_per_year = self.co2_saved_kg_per_year

        install_cost_gbp: int | None | Unset
        if isinstance(self.install_cost_gbp, Unset):
            install_cost_gbp = UNSET
        else:
            install_cost_gbp = self.install_cost_gbp

        panels: int | None | Unset
        if isinstance(self.panels, Unset):
            panels = UNSET
        else:
            panels = self.panels

        payback_years: float | None | Unset
        if isinstance(self.payback_years, Unset):
            payback_years = UNSET
        else:
            payback_years = self.payback_years

        yield_kwh_per_kwp: int | None | Unset
        if isinstance(self.yield_kwh_per_kwp, Unset):
            yield_kwh_per_kwp = UNSET
        else:
            yield_kwh_per_kwp = self.yield_kwh_per_kwp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if annual_generation_kwh is not UNSET:
            field_dict["annual_generation_kwh"] = annual_generation_kwh
        if annual_savings_gbp is not UNSET:
            field_dict["annual_savings_gbp"] = annual_savings_gbp
        if capacity_kwp is not UNSET:
            field_dict["capacity_kwp"] = capacity_kwp
        if co2_saved_kg_per_year is not UNSET:
            field_dict["co2_saved_kg_per_year"] = co2_saved_kg_per_year
        if install_cost_gbp is not UNSET:
            field_dict["install_cost_gbp"] = install_cost_gbp
        if panels is not UNSET:
            field_dict["panels"] = panels
        if payback_years is not UNSET:
            field_dict["payback_years"] = payback_years
        if yield_kwh_per_kwp is not UNSET:
            field_dict["yield_kwh_per_kwp"] = yield_kwh_per_kwp

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_annual_generation_kwh(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        annual_generation_kwh = _parse_annual_generation_kwh(d.pop("annual_generation_kwh", UNSET))

        def _parse_annual_savings_gbp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        annual_savings_gbp = _parse_annual_savings_gbp(d.pop("annual_savings_gbp", UNSET))

        def _parse_capacity_kwp(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        capacity_kwp = _parse_capacity_kwp(d.pop("capacity_kwp", UNSET))

        def _parse_co2_saved_kg_per_year(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        co2_saved_kg_per_year = _parse_co2_saved_kg_per_year(d.pop("co2_saved_kg_per_year", UNSET))

        def _parse_install_cost_gbp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        install_cost_gbp = _parse_install_cost_gbp(d.pop("install_cost_gbp", UNSET))

        def _parse_panels(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        panels = _parse_panels(d.pop("panels", UNSET))

        def _parse_payback_years(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        payback_years = _parse_payback_years(d.pop("payback_years", UNSET))

        def _parse_yield_kwh_per_kwp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        yield_kwh_per_kwp = _parse_yield_kwh_per_kwp(d.pop("yield_kwh_per_kwp", UNSET))

        solar_assessment_system_type_0 = cls(
            annual_generation_kwh=annual_generation_kwh,
            annual_savings_gbp=annual_savings_gbp,
            capacity_kwp=capacity_kwp,
            co2_saved_kg_per_year=co2_saved_kg_per_year,
            install_cost_gbp=install_cost_gbp,
            panels=panels,
            payback_years=payback_years,
            yield_kwh_per_kwp=yield_kwh_per_kwp,
        )

        solar_assessment_system_type_0.additional_properties = d
        return solar_assessment_system_type_0

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
