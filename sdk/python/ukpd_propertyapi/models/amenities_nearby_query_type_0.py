from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AmenitiesNearbyQueryType0")


@_attrs_define
class AmenitiesNearbyQueryType0:
    """
    Attributes:
        group (None | str | Unset):
        kind (None | str | Unset):
        lat (float | None | Unset):
        limit (int | None | Unset):
        lng (float | None | Unset):
        postcode (None | str | Unset):
        radius_km (float | None | Unset):
        types (list[None | str] | Unset):
        uprn (int | None | Unset):
    """

    group: None | str | Unset = UNSET
    kind: None | str | Unset = UNSET
    lat: float | None | Unset = UNSET
    limit: int | None | Unset = UNSET
    lng: float | None | Unset = UNSET
    postcode: None | str | Unset = UNSET
    radius_km: float | None | Unset = UNSET
    types: list[None | str] | Unset = UNSET
    uprn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        group: None | str | Unset
        if isinstance(self.group, Unset):
            group = UNSET
        else:
            group = self.group

        kind: None | str | Unset
        if isinstance(self.kind, Unset):
            kind = UNSET
        else:
            kind = self.kind

        lat: float | None | Unset
        if isinstance(self.lat, Unset):
            lat = UNSET
        else:
            lat = self.lat

        limit: int | None | Unset
        if isinstance(self.limit, Unset):
            limit = UNSET
        else:
            limit = self.limit

        lng: float | None | Unset
        if isinstance(self.lng, Unset):
            lng = UNSET
        else:
            lng = self.lng

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        radius_km: float | None | Unset
        if isinstance(self.radius_km, Unset):
            radius_km = UNSET
        else:
            radius_km = self.radius_km

        types: list[None | str] | Unset = UNSET
        if not isinstance(self.types, Unset):
            types = []
            for types_item_data in self.types:
                types_item: None | str
                types_item = types_item_data
                types.append(types_item)

        uprn: int | None | Unset
        if isinstance(self.uprn, Unset):
            uprn = UNSET
        else:
            uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if group is not UNSET:
            field_dict["group"] = group
        if kind is not UNSET:
            field_dict["kind"] = kind
        if lat is not UNSET:
            field_dict["lat"] = lat
        if limit is not UNSET:
            field_dict["limit"] = limit
        if lng is not UNSET:
            field_dict["lng"] = lng
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if radius_km is not UNSET:
            field_dict["radius_km"] = radius_km
        if types is not UNSET:
            field_dict["types"] = types
        if uprn is not UNSET:
            field_dict["uprn"] = uprn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_group(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        group = _parse_group(d.pop("group", UNSET))

        def _parse_kind(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kind = _parse_kind(d.pop("kind", UNSET))

        def _parse_lat(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lat = _parse_lat(d.pop("lat", UNSET))

        def _parse_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        limit = _parse_limit(d.pop("limit", UNSET))

        def _parse_lng(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lng = _parse_lng(d.pop("lng", UNSET))

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_radius_km(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        radius_km = _parse_radius_km(d.pop("radius_km", UNSET))

        _types = d.pop("types", UNSET)
        types: list[None | str] | Unset = UNSET
        if _types is not UNSET:
            types = []
            for types_item_data in _types:

                def _parse_types_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                types_item = _parse_types_item(types_item_data)

                types.append(types_item)

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

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
