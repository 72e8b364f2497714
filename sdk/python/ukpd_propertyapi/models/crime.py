from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.category_count import CategoryCount
    from ..models.crime_by_month_item import CrimeByMonthItem
    from ..models.crime_nearest_item import CrimeNearestItem
    from ..models.crime_period_type_0 import CrimePeriodType0
    from ..models.crime_query_type_0 import CrimeQueryType0
    from ..models.source_meta_type_0 import SourceMetaType0


T = TypeVar("T", bound="Crime")


@_attrs_define
class Crime:
    """Street-level crime near a postcode over recent months (police.uk style).

    Attributes:
        by_category (list[CategoryCount]):
        total (int):
        by_month (list[CrimeByMonthItem] | Unset):
        metadata (None | SourceMetaType0 | Unset):
        nearest (list[CrimeNearestItem] | Unset):
        period (CrimePeriodType0 | None | Unset):
        query (CrimeQueryType0 | None | Unset):
    """

    by_category: list[CategoryCount]
    total: int
    by_month: list[CrimeByMonthItem] | Unset = UNSET
    metadata: None | SourceMetaType0 | Unset = UNSET
    nearest: list[CrimeNearestItem] | Unset = UNSET
    period: CrimePeriodType0 | None | Unset = UNSET
    query: CrimeQueryType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.crime_period_type_0 import CrimePeriodType0  # noqa: PLC0415
        from ..models.crime_query_type_0 import CrimeQueryType0  # noqa: PLC0415
        from ..models.source_meta_type_0 import SourceMetaType0  # noqa: PLC0415

        by_category = []
        for by_category_item_data in self.by_category:
            by_category_item = by_category_item_data.to_dict()
            by_category.append(by_category_item)

        total = self.total

        by_month: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.by_month, Unset):
            by_month = []
            for by_month_item_data in self.by_month:
                by_month_item = by_month_item_data.to_dict()
                by_month.append(by_month_item)

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, SourceMetaType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        nearest: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.nearest, Unset):
            nearest = []
            for nearest_item_data in self.nearest:
                nearest_item = nearest_item_data.to_dict()
                nearest.append(nearest_item)

        period: dict[str, Any] | None | Unset
        if isinstance(self.period, Unset):
            period = UNSET
        elif isinstance(self.period, CrimePeriodType0):
            period = self.period.to_dict()
        else:
            period = self.period

        query: dict[str, Any] | None | Unset
        if isinstance(self.query, Unset):
            query = UNSET
        elif isinstance(self.query, CrimeQueryType0):
            query = self.query.to_dict()
        else:
            query = self.query

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "by_category": by_category,
                "total": total,
            }
        )
        if by_month is not UNSET:
            field_dict["by_month"] = by_month
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if nearest is not UNSET:
            field_dict["nearest"] = nearest
        if period is not UNSET:
            field_dict["period"] = period
        if query is not UNSET:
            field_dict["query"] = query

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.category_count import CategoryCount  # noqa: PLC0415
        from ..models.crime_by_month_item import CrimeByMonthItem  # noqa: PLC0415
        from ..models.crime_nearest_item import CrimeNearestItem  # noqa: PLC0415
        from ..models.crime_period_type_0 import CrimePeriodType0  # noqa: PLC0415
        from ..models.crime_query_type_0 import CrimeQueryType0  # noqa: PLC0415
        from ..models.source_meta_type_0 import SourceMetaType0  # noqa: PLC0415

        d = dict(src_dict)
        by_category = []
        _by_category = d.pop("by_category")
        for by_category_item_data in _by_category:
            by_category_item = CategoryCount.from_dict(by_category_item_data)

            by_category.append(by_category_item)

        total = d.pop("total")

        _by_month = d.pop("by_month", UNSET)
        by_month: list[CrimeByMonthItem] | Unset = UNSET
        if _by_month is not UNSET:
            by_month = []
            for by_month_item_data in _by_month:
                by_month_item = CrimeByMonthItem.from_dict(by_month_item_data)

                by_month.append(by_month_item)

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

        _nearest = d.pop("nearest", UNSET)
        nearest: list[CrimeNearestItem] | Unset = UNSET
        if _nearest is not UNSET:
            nearest = []
            for nearest_item_data in _nearest:
                nearest_item = CrimeNearestItem.from_dict(nearest_item_data)

                nearest.append(nearest_item)

        def _parse_period(data: object) -> CrimePeriodType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                period_type_0 = CrimePeriodType0.from_dict(data)

                return period_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CrimePeriodType0 | None | Unset, data)

        period = _parse_period(d.pop("period", UNSET))

        def _parse_query(data: object) -> CrimeQueryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                query_type_0 = CrimeQueryType0.from_dict(data)

                return query_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CrimeQueryType0 | None | Unset, data)

        query = _parse_query(d.pop("query", UNSET))

        crime = cls(
            by_category=by_category,
            total=total,
            by_month=by_month,
            metadata=metadata,
            nearest=nearest,
            period=period,
            query=query,
        )

        crime.additional_properties = d
        return crime

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
