from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BoundaryPlacesFeaturesItemGeometry")


@_attrs_define
class BoundaryPlacesFeaturesItemGeometry:
    """
    Attributes:
        coordinates (list[float]):
        type_ (Literal['Point']):
    """

    coordinates: list[float]
    type_: Literal["Point"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        coordinates = self.coordinates

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "coordinates": coordinates,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        coordinates = cast(list[float], d.pop("coordinates"))

        type_ = cast(Literal["Point"], d.pop("type"))
        if type_ != "Point":
            raise ValueError(f"type must match const 'Point', got '{type_}'")

        boundary_places_features_item_geometry = cls(
            coordinates=coordinates,
            type_=type_,
        )

        boundary_places_features_item_geometry.additional_properties = d
        return boundary_places_features_item_geometry

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
