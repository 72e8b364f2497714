from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PropertyFieldsType0EpcRenovationsItemType0")


@_attrs_define
class PropertyFieldsType0EpcRenovationsItemType0:
    """
    Attributes:
        efficiency_after (int | None | Unset):
        improvement (None | str | Unset):
        indicative_cost_high (int | None | Unset):
        indicative_cost_low (int | None | Unset):
        rating_after (None | str | Unset):
        typical_saving_per_year (int | None | Unset):
    """

    efficiency_after: int | None | Unset = UNSET
    improvement: None | str | Unset = UNSET
    indicative_cost_high: int | None | Unset = UNSET
    indicative_cost_low: int | None | Unset = UNSET
    rating_after: None | str | Unset = UNSET
    typical_saving_per_year: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        efficiency_after: int | None | Unset
        if isinstance(self.efficiency_after, Unset):
            efficiency_after = UNSET
        else:
            efficiency_after = self.efficiency_after

        improvement: None | str | Unset
        if isinstance(self.improvement, Unset):
            improvement = UNSET
        else:
            improvement = self.improvement

        indicative_cost_high: int | None | Unset
        if isinstance(self.indicative_cost_high, Unset):
            indicative_cost_high = UNSET
        else:
            indicative_cost_high = self.indicative_cost_high

        indicative_cost_low: int | None | Unset
        if isinstance(self.indicative_cost_low, Unset):
            indicative_cost_low = UNSET
        else:
            indicative_cost_low = self.indicative_cost_low

        rating_after: None | str | Unset
        if isinstance(self.rating_after, Unset):
            rating_after = UNSET
        else:
            rating_after = self.rating_after

        typical_saving_per_year: int | None | Unset
        if isinstance(self.typical_saving_per_year, Unset):
            typical_saving_per_year = UNSET
        else:
            typical_saving_per_year = self.typical_saving_per_year

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if efficiency_after is not UNSET:
            field_dict["efficiency_after"] = efficiency_after
        if improvement is not UNSET:
            field_dict["improvement"] = improvement
        if indicative_cost_high is not UNSET:
            field_dict["indicative_cost_high"] = indicative_cost_high
        if indicative_cost_low is not UNSET:
            field_dict["indicative_cost_low"] = indicative_cost_low
        if rating_after is not UNSET:
            field_dict["rating_after"] = rating_after
        if typical_saving_per_year is not UNSET:
            field_dict["typical_saving_per_year"] = typical_saving_per_year

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_efficiency_after(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        efficiency_after = _parse_efficiency_after(d.pop("efficiency_after", UNSET))

        def _parse_improvement(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        improvement = _parse_improvement(d.pop("improvement", UNSET))

        def _parse_indicative_cost_high(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        indicative_cost_high = _parse_indicative_cost_high(d.pop("indicative_cost_high", UNSET))

        def _parse_indicative_cost_low(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        indicative_cost_low = _parse_indicative_cost_low(d.pop("indicative_cost_low", UNSET))

        def _parse_rating_after(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rating_after = _parse_rating_after(d.pop("rating_after", UNSET))

        def _parse_typical_saving_per_year(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        typical_saving_per_year = _parse_typical_saving_per_year(d.pop("typical_saving_per_year", UNSET))

        property_fields_type_0_epc_renovations_item_type_0 = cls(
            efficiency_after=efficiency_after,
            improvement=improvement,
            indicative_cost_high=indicative_cost_high,
            indicative_cost_low=indicative_cost_low,
            rating_after=rating_after,
            typical_saving_per_year=typical_saving_per_year,
        )

        property_fields_type_0_epc_renovations_item_type_0.additional_properties = d
        return property_fields_type_0_epc_renovations_item_type_0

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
