from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.flood_risk_flood_risk import FloodRiskFloodRisk
    from ..models.flood_risk_location import FloodRiskLocation


T = TypeVar("T", bound="FloodRisk")


@_attrs_define
class FloodRisk:
    """
    Attributes:
        flood_risk (FloodRiskFloodRisk):
        data_source (None | str | Unset):
        location (FloodRiskLocation | Unset):
        overall_risk (None | str | Unset):
    """

    flood_risk: FloodRiskFloodRisk
    data_source: None | str | Unset = UNSET
    location: FloodRiskLocation | Unset = UNSET
    overall_risk: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        flood_risk = self.flood_risk.to_dict()

        data_source: None | str | Unset
        if isinstance(self.data_source, Unset):
            data_source = UNSET
        else:
            data_source = self.data_source

        location: dict[str, Any] | Unset = UNSET
        if not isinstance(self.location, Unset):
            location = self.location.to_dict()

        overall_risk: None | str | Unset
        if isinstance(self.overall_risk, Unset):
            overall_risk = UNSET
        else:
            overall_risk = self.overall_risk

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "flood_risk": flood_risk,
            }
        )
        if data_source is not UNSET:
            field_dict["data_source"] = data_source
        if location is not UNSET:
            field_dict["location"] = location
        if overall_risk is not UNSET:
            field_dict["overall_risk"] = overall_risk

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.flood_risk_flood_risk import FloodRiskFloodRisk  # noqa: PLC0415
        from ..models.flood_risk_location import FloodRiskLocation  # noqa: PLC0415

        d = dict(src_dict)
        flood_risk = FloodRiskFloodRisk.from_dict(d.pop("flood_risk"))

        def _parse_data_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        data_source = _parse_data_source(d.pop("data_source", UNSET))

        _location = d.pop("location", UNSET)
        location: FloodRiskLocation | Unset
        if isinstance(_location, Unset):
            location = UNSET
        else:
            location = FloodRiskLocation.from_dict(_location)

        def _parse_overall_risk(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        overall_risk = _parse_overall_risk(d.pop("overall_risk", UNSET))

        flood_risk = cls(
            flood_risk=flood_risk,
            data_source=data_source,
            location=location,
            overall_risk=overall_risk,
        )

        flood_risk.additional_properties = d
        return flood_risk

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
