from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AmenitiesNearbyQueryType0")


@_attrs_define
class AmenitiesNearbyQueryType0:
    """
    Attributes:
        group (None | str): amenities/{group}: the group asked for; null on the other endpoints.
        kind (None | str): healthcare/{kind} and fuel-stations/{kind}: the kind asked for; null on the other endpoints.
        lat (float | None):
        limit (int | None):
        lng (float | None):
        postcode (None | str):
        radius_km (float | None):
        types (list[None | str]):
        uprn (int | None):
    """

    group: None | str
    kind: None | str
    lat: float | None
    limit: int | None
    lng: float | None
    postcode: None | str
    radius_km: float | None
    types: list[None | str]
    uprn: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        group: None | str
        group = self.group

        kind: None | str
        kind = self.kind

        lat: float | None
        lat = self.lat

        limit: int | None
        limit = self.limit

        lng: float | None
        lng = self.lng

        postcode: None | str
        postcode = self.postcode

        radius_km: float | None
        radius_km = self.radius_km

        types = []
        for types_item_data in self.types:
            types_item: None | str
            types_item = types_item_data
            types.append(types_item)

        uprn: int | None
        uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "group": group,
                "kind": kind,
                "lat": lat,
                "limit": limit,
                "lng": lng,
                "postcode": postcode,
                "radius_km": radius_km,
                "types": types,
                "uprn": uprn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_group(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        group = _parse_group(d.pop("group"))

        def _parse_kind(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        kind = _parse_kind(d.pop("kind"))

        def _parse_lat(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        lat = _parse_lat(d.pop("lat"))

        def _parse_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        limit = _parse_limit(d.pop("limit"))

        def _parse_lng(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        lng = _parse_lng(d.pop("lng"))

        def _parse_postcode(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        postcode = _parse_postcode(d.pop("postcode"))

        def _parse_radius_km(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        radius_km = _parse_radius_km(d.pop("radius_km"))

        types = []
        _types = d.pop("types")
        for types_item_data in _types:

            def _parse_types_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            types_item = _parse_types_item(types_item_data)

            types.append(types_item)

        def _parse_uprn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        uprn = _parse_uprn(d.pop("uprn"))

        amenities_nearby_query_type_0 = cls(
            group=group,
            kind=kind,
            lat=lat,
            limit=limit,
            lng=lng,
            postcode=postcode,
            radius_km=radius_km,
            types=types,
            uprn=uprn,
        )

        amenities_nearby_query_type_0.additional_properties = d
        return amenities_nearby_query_type_0

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
