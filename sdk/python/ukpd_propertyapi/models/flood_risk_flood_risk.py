from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.flood_band_type_0 import FloodBandType0


T = TypeVar("T", bound="FloodRiskFloodRisk")


@_attrs_define
class FloodRiskFloodRisk:
    """
    Attributes:
        rivers_and_sea (FloodBandType0 | None | Unset):
        surface_water (FloodBandType0 | None | Unset):
    """

    rivers_and_sea: FloodBandType0 | None | Unset = UNSET
    surface_water: FloodBandType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.flood_band_type_0 import FloodBandType0  # noqa: PLC0415

        rivers_and_sea: dict[str, Any] | None | Unset
        if isinstance(self.rivers_and_sea, Unset):
            rivers_and_sea = UNSET
        elif isinstance(self.rivers_and_sea, FloodBandType0):
            rivers_and_sea = self.rivers_and_sea.to_dict()
        else:
            rivers_and_sea = self.rivers_and_sea

        surface_water: dict[str, Any] | None | Unset
        if isinstance(self.surface_water, Unset):
            surface_water = UNSET
        elif isinstance(self.surface_water, FloodBandType0):
            surface_water = self.surface_water.to_dict()
        else:
            surface_water = self.surface_water

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if rivers_and_sea is not UNSET:
            field_dict["rivers_and_sea"] = rivers_and_sea
        if surface_water is not UNSET:
            field_dict["surface_water"] = surface_water

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.flood_band_type_0 import FloodBandType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_rivers_and_sea(data: object) -> FloodBandType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_flood_band_type_0 = FloodBandType0.from_dict(data)

                return componentsschemas_flood_band_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FloodBandType0 | None | Unset, data)

        rivers_and_sea = _parse_rivers_and_sea(d.pop("rivers_and_sea", UNSET))

        def _parse_surface_water(data: object) -> FloodBandType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_flood_band_type_0 = FloodBandType0.from_dict(data)

                return componentsschemas_flood_band_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FloodBandType0 | None | Unset, data)

        surface_water = _parse_surface_water(d.pop("surface_water", UNSET))

        flood_risk_flood_risk = cls(
            rivers_and_sea=rivers_and_sea,
            surface_water=surface_water,
        )

        flood_risk_flood_risk.additional_properties = d
        return flood_risk_flood_risk

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
