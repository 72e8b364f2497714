from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.boundary_places_features_item import BoundaryPlacesFeaturesItem


T = TypeVar("T", bound="BoundaryPlaces")


@_attrs_define
class BoundaryPlaces:
    """A GeoJSON FeatureCollection of Points with the count, whether the limit cut the list, and the attributions of their
    sources.

        Attributes:
            attribution (list[None | str]):
            count (int):
            features (list[BoundaryPlacesFeaturesItem]):
            truncated (bool):
            type_ (Literal['FeatureCollection']):
    """

    attribution: list[None | str]
    count: int
    features: list[BoundaryPlacesFeaturesItem]
    truncated: bool
    type_: Literal["FeatureCollection"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attribution = []
        for attribution_item_data in self.attribution:
            attribution_item: None | str
            attribution_item = attribution_item_data
            attribution.append(attribution_item)

        count = self.count

        features = []
        for features_item_data in self.features:
            features_item = features_item_data.to_dict()
            features.append(features_item)

        truncated = self.truncated

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attribution": attribution,
                "count": count,
                "features": features,
                "truncated": truncated,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.boundary_places_features_item import BoundaryPlacesFeaturesItem  # noqa: PLC0415

        d = dict(src_dict)
        attribution = []
        _attribution = d.pop("attribution")
        for attribution_item_data in _attribution:

            def _parse_attribution_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            attribution_item = _parse_attribution_item(attribution_item_data)

            attribution.append(attribution_item)

        count = d.pop("count")

        features = []
        _features = d.pop("features")
        for features_item_data in _features:
            features_item = BoundaryPlacesFeaturesItem.from_dict(features_item_data)

            features.append(features_item)

        truncated = d.pop("truncated")

        type_ = cast(Literal["FeatureCollection"], d.pop("type"))
        if type_ != "FeatureCollection":
            raise ValueError(f"type must match const 'FeatureCollection', got '{type_}'")

        boundary_places = cls(
            attribution=attribution,
            count=count,
            features=features,
            truncated=truncated,
            type_=type_,
        )

        boundary_places.additional_properties = d
        return boundary_places

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
