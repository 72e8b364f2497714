from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.boundary_places_features_item_geometry import BoundaryPlacesFeaturesItemGeometry
    from ..models.boundary_places_features_item_properties import BoundaryPlacesFeaturesItemProperties


T = TypeVar("T", bound="BoundaryPlacesFeaturesItem")


@_attrs_define
class BoundaryPlacesFeaturesItem:
    """
    Attributes:
        geometry (BoundaryPlacesFeaturesItemGeometry):
        properties (BoundaryPlacesFeaturesItemProperties):
        type_ (Literal['Feature']):
    """

    geometry: BoundaryPlacesFeaturesItemGeometry
    properties: BoundaryPlacesFeaturesItemProperties
    type_: Literal["Feature"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        geometry = self.geometry.to_dict()

        properties = self.properties.to_dict()

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "geometry": geometry,
                "properties": properties,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.boundary_places_features_item_geometry import BoundaryPlacesFeaturesItemGeometry  # noqa: PLC0415
        from ..models.boundary_places_features_item_properties import BoundaryPlacesFeaturesItemProperties  # noqa: PLC0415

        d = dict(src_dict)
        geometry = BoundaryPlacesFeaturesItemGeometry.from_dict(d.pop("geometry"))

        properties = BoundaryPlacesFeaturesItemProperties.from_dict(d.pop("properties"))

        type_ = cast(Literal["Feature"], d.pop("type"))
        if type_ != "Feature":
            raise ValueError(f"type must match const 'Feature', got '{type_}'")

        boundary_places_features_item = cls(
            geometry=geometry,
            properties=properties,
            type_=type_,
        )

        boundary_places_features_item.additional_properties = d
        return boundary_places_features_item

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
