from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.school import School
    from ..models.schools_nearby_ofsted_summary import SchoolsNearbyOfstedSummary
    from ..models.schools_nearby_query_type_0 import SchoolsNearbyQueryType0
    from ..models.source_meta_type_0 import SourceMetaType0


T = TypeVar("T", bound="SchoolsNearby")


@_attrs_define
class SchoolsNearby:
    """
    Attributes:
        schools (list[School]):
        count (int | None | Unset):
        metadata (None | SourceMetaType0 | Unset):
        ofsted_summary (SchoolsNearbyOfstedSummary | Unset):
        query (None | SchoolsNearbyQueryType0 | Unset):
        total_in_radius (int | None | Unset):
    """

    schools: list[School]
    count: int | None | Unset = UNSET
    metadata: None | SourceMetaType0 | Unset = UNSET
    ofsted_summary: SchoolsNearbyOfstedSummary | Unset = UNSET
    query: None | SchoolsNearbyQueryType0 | Unset = UNSET
    total_in_radius: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.schools_nearby_query_type_0 import SchoolsNearbyQueryType0  # noqa: PLC0415
        from ..models.source_meta_type_0 import SourceMetaType0  # noqa: PLC0415

        schools = []
        for schools_item_data in self.schools:
            schools_item = schools_item_data.to_dict()
            schools.append(schools_item)

        count: int | None | Unset
        if isinstance(self.count, Unset):
            count = UNSET
        else:
            count = self.count

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, SourceMetaType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        ofsted_summary: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ofsted_summary, Unset):
            ofsted_summary = self.ofsted_summary.to_dict()

        query: dict[str, Any] | None | Unset
        if isinstance(self.query, Unset):
            query = UNSET
        elif isinstance(self.query, SchoolsNearbyQueryType0):
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
                "schools": schools,
            }
        )
        if count is not UNSET:
            field_dict["count"] = count
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if ofsted_summary is not UNSET:
            field_dict["ofsted_summary"] = ofsted_summary
        if query is not UNSET:
            field_dict["query"] = query
        if total_in_radius is not UNSET:
            field_dict["total_in_radius"] = total_in_radius

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.school import School  # noqa: PLC0415
        from ..models.schools_nearby_ofsted_summary import SchoolsNearbyOfstedSummary  # noqa: PLC0415
        from ..models.schools_nearby_query_type_0 import SchoolsNearbyQueryType0  # noqa: PLC0415
        from ..models.source_meta_type_0 import SourceMetaType0  # noqa: PLC0415

        d = dict(src_dict)
        schools = []
        _schools = d.pop("schools")
        for schools_item_data in _schools:
            schools_item = School.from_dict(schools_item_data)

            schools.append(schools_item)

        def _parse_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        count = _parse_count(d.pop("count", UNSET))

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

        _ofsted_summary = d.pop("ofsted_summary", UNSET)
        ofsted_summary: SchoolsNearbyOfstedSummary | Unset
        if isinstance(_ofsted_summary, Unset):
            ofsted_summary = UNSET
        else:
            ofsted_summary = SchoolsNearbyOfstedSummary.from_dict(_ofsted_summary)

        def _parse_query(data: object) -> None | SchoolsNearbyQueryType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                query_type_0 = SchoolsNearbyQueryType0.from_dict(data)

                return query_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SchoolsNearbyQueryType0 | Unset, data)

        query = _parse_query(d.pop("query", UNSET))

        def _parse_total_in_radius(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total_in_radius = _parse_total_in_radius(d.pop("total_in_radius", UNSET))

        schools_nearby = cls(
            schools=schools,
            count=count,
            metadata=metadata,
            ofsted_summary=ofsted_summary,
            query=query,
            total_in_radius=total_in_radius,
        )

        schools_nearby.additional_properties = d
        return schools_nearby

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
