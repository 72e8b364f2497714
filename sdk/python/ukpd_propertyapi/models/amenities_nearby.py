from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.amenities_nearby_group_counts import AmenitiesNearbyGroupCounts
    from ..models.amenities_nearby_query_type_0 import AmenitiesNearbyQueryType0
    from ..models.amenities_nearby_type_counts import AmenitiesNearbyTypeCounts
    from ..models.amenity import Amenity
    from ..models.source_meta_type_0 import SourceMetaType0


T = TypeVar("T", bound="AmenitiesNearby")


@_attrs_define
class AmenitiesNearby:
    """
    Attributes:
        amenities (list[Amenity]):
        count (int | None | Unset):
        group_counts (AmenitiesNearbyGroupCounts | Unset):
        metadata (None | SourceMetaType0 | Unset):
        query (AmenitiesNearbyQueryType0 | None | Unset):
        total_in_radius (int | None | Unset):
        type_counts (AmenitiesNearbyTypeCounts | Unset):
    """

    amenities: list[Amenity]
    count: int | None | Unset = UNSET
    group_counts: AmenitiesNearbyGroupCounts | Unset = UNSET
    metadata: None | SourceMetaType0 | Unset = UNSET
    query: AmenitiesNearbyQueryType0 | None | Unset = UNSET
    total_in_radius: int | None | Unset = UNSET
    type_counts: AmenitiesNearbyTypeCounts | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.amenities_nearby_query_type_0 import AmenitiesNearbyQueryType0  # noqa: PLC0415
        from ..models.source_meta_type_0 import SourceMetaType0  # noqa: PLC0415

        amenities = []
        for amenities_item_data in self.amenities:
            amenities_item = amenities_item_data.to_dict()
            amenities.append(amenities_item)

        count: int | None | Unset
        if isinstance(self.count, Unset):
            count = UNSET
        else:
            count = self.count

        group_counts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.group_counts, Unset):
            group_counts = self.group_counts.to_dict()

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, SourceMetaType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        query: dict[str, Any] | None | Unset
        if isinstance(self.query, Unset):
            query = UNSET
        elif isinstance(self.query, AmenitiesNearbyQueryType0):
            query = self.query.to_dict()
        else:
            query = self.query

        total_in_radius: int | None | Unset
        if isinstance(self.total_in_radius, Unset):
            total_in_radius = UNSET
        else:
            total_in_radius = self.total_in_radius

        type_counts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.type_counts, Unset):
            type_counts = self.type_counts.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amenities": amenities,
            }
        )
        if count is not UNSET:
            field_dict["count"] = count
        if group_counts is not UNSET:
            field_dict["group_counts"] = group_counts
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if query is not UNSET:
            field_dict["query"] = query
        if total_in_radius is not UNSET:
            field_dict["total_in_radius"] = total_in_radius
        if type_counts is not UNSET:
            field_dict["type_counts"] = type_counts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.amenities_nearby_group_counts import AmenitiesNearbyGroupCounts  # noqa: PLC0415
        from ..models.amenities_nearby_query_type_0 import AmenitiesNearbyQueryType0  # noqa: PLC0415
        from ..models.amenities_nearby_type_counts import AmenitiesNearbyTypeCounts  # noqa: PLC0415
        from ..models.amenity import Amenity  # noqa: PLC0415
        from ..models.source_meta_type_0 import SourceMetaType0  # noqa: PLC0415

        d = dict(src_dict)
        amenities = []
        _amenities = d.pop("amenities")
        for amenities_item_data in _amenities:
            amenities_item = Amenity.from_dict(amenities_item_data)

            amenities.append(amenities_item)

        def _parse_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        count = _parse_count(d.pop("count", UNSET))

        _group_counts = d.pop("group_counts", UNSET)
        group_counts: AmenitiesNearbyGroupCounts | Unset
        if isinstance(_group_counts, Unset):
            group_counts = UNSET
        else:
            group_counts = AmenitiesNearbyGroupCounts.from_dict(_group_counts)

        def _parse_metadata(data: object) -> None | SourceMetaType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_source_meta_type_0 = SourceMetaType0.from_dict(data)

                return componentsschemas_source_meta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SourceMetaType0 | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))

        def _parse_query(data: object) -> AmenitiesNearbyQueryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                query_type_0 = AmenitiesNearbyQueryType0.from_dict(data)

                return query_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AmenitiesNearbyQueryType0 | None | Unset, data)

        query = _parse_query(d.pop("query", UNSET))

        def _parse_total_in_radius(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total_in_radius = _parse_total_in_radius(d.pop("total_in_radius", UNSET))

        _type_counts = d.pop("type_counts", UNSET)
        type_counts: AmenitiesNearbyTypeCounts | Unset
        if isinstance(_type_counts, Unset):
            type_counts = UNSET
        else:
            type_counts = AmenitiesNearbyTypeCounts.from_dict(_type_counts)

        amenities_nearby = cls(
            amenities=amenities,
            count=count,
            group_counts=group_counts,
            metadata=metadata,
            query=query,
            total_in_radius=total_in_radius,
            type_counts=type_counts,
        )

        amenities_nearby.additional_properties = d
        return amenities_nearby

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
