from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.listed_buildings_grade_counts import ListedBuildingsGradeCounts
    from ..models.listed_buildings_listed_buildings_item import ListedBuildingsListedBuildingsItem
    from ..models.listed_buildings_query_type_0 import ListedBuildingsQueryType0
    from ..models.source_meta_type_0 import SourceMetaType0


T = TypeVar("T", bound="ListedBuildings")


@_attrs_define
class ListedBuildings:
    """
    Attributes:
        listed_buildings (list[ListedBuildingsListedBuildingsItem]):
        count (int | None | Unset):
        grade_counts (ListedBuildingsGradeCounts | Unset):
        metadata (None | SourceMetaType0 | Unset):
        query (ListedBuildingsQueryType0 | None | Unset):
        total_in_radius (int | None | Unset):
    """

    listed_buildings: list[ListedBuildingsListedBuildingsItem]
    count: int | None | Unset = UNSET
    grade_counts: ListedBuildingsGradeCounts | Unset = UNSET
    metadata: None | SourceMetaType0 | Unset = UNSET
    query: ListedBuildingsQueryType0 | None | Unset = UNSET
    total_in_radius: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.listed_buildings_query_type_0 import ListedBuildingsQueryType0  # noqa: PLC0415
        from ..models.source_meta_type_0 import SourceMetaType0  # noqa: PLC0415

        listed_buildings = []
        for listed_buildings_item_data in self.listed_buildings:
            listed_buildings_item = listed_buildings_item_data.to_dict()
            listed_buildings.append(listed_buildings_item)

        count: int | None | Unset
        if isinstance(self.count, Unset):
            count = UNSET
        else:
            count = self.count

        grade_counts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.grade_counts, Unset):
            grade_counts = self.grade_counts.to_dict()

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
        elif isinstance(self.query, ListedBuildingsQueryType0):
            query = self.query.to_dict()
        else:
            query = self.query

        total_in_radius: int | None | Unset
        if isinstance(self.total_in_radius, Unset):
            total_in_radius = UNSET
        else:
            total_in_radius = self.total_in_radius

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "listed_buildings": listed_buildings,
            }
        )
        if count is not UNSET:
            field_dict["count"] = count
        if grade_counts is not UNSET:
            field_dict["grade_counts"] = grade_counts
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if query is not UNSET:
            field_dict["query"] = query
        if total_in_radius is not UNSET:
            field_dict["total_in_radius"] = total_in_radius

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.listed_buildings_grade_counts import ListedBuildingsGradeCounts  # noqa: PLC0415
        from ..models.listed_buildings_listed_buildings_item import ListedBuildingsListedBuildingsItem  # noqa: PLC0415
        from ..models.listed_buildings_query_type_0 import ListedBuildingsQueryType0  # noqa: PLC0415
        from ..models.source_meta_type_0 import SourceMetaType0  # noqa: PLC0415

        d = dict(src_dict)
        listed_buildings = []
        _listed_buildings = d.pop("listed_buildings")
        for listed_buildings_item_data in _listed_buildings:
            listed_buildings_item = ListedBuildingsListedBuildingsItem.from_dict(listed_buildings_item_data)

            listed_buildings.append(listed_buildings_item)

        def _parse_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        count = _parse_count(d.pop("count", UNSET))

        _grade_counts = d.pop("grade_counts", UNSET)
        grade_counts: ListedBuildingsGradeCounts | Unset
        if isinstance(_grade_counts, Unset):
            grade_counts = UNSET
        else:
            grade_counts = ListedBuildingsGradeCounts.from_dict(_grade_counts)

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

        def _parse_query(data: object) -> ListedBuildingsQueryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                query_type_0 = ListedBuildingsQueryType0.from_dict(data)

                return query_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListedBuildingsQueryType0 | None | Unset, data)

        query = _parse_query(d.pop("query", UNSET))

        def _parse_total_in_radius(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total_in_radius = _parse_total_in_radius(d.pop("total_in_radius", UNSET))

        listed_buildings = cls(
            listed_buildings=listed_buildings,
            count=count,
            grade_counts=grade_counts,
            metadata=metadata,
            query=query,
            total_in_radius=total_in_radius,
        )

        listed_buildings.additional_properties = d
        return listed_buildings

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
