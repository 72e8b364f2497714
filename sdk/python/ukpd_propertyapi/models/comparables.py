from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.comparables_comparables_item import ComparablesComparablesItem
    from ..models.comparables_filters_type_0 import ComparablesFiltersType0


T = TypeVar("T", bound="Comparables")


@_attrs_define
class Comparables:
    """
    Attributes:
        comparables (list[ComparablesComparablesItem]):
        filters (ComparablesFiltersType0 | None | Unset):
        radius_miles (float | None | Unset):
        reference_uprn (int | None | Unset):
        response_time_seconds (float | None | Unset):
        total_results (int | None | Unset):
    """

    comparables: list[ComparablesComparablesItem]
    filters: ComparablesFiltersType0 | None | Unset = UNSET
    radius_miles: float | None | Unset = UNSET
    reference_uprn: int | None | Unset = UNSET
    response_time_seconds: float | None | Unset = UNSET
    total_results: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.comparables_filters_type_0 import ComparablesFiltersType0  # noqa: PLC0415

        comparables = []
        for comparables_item_data in self.comparables:
            comparables_item = comparables_item_data.to_dict()
            comparables.append(comparables_item)

        filters: dict[str, Any] | None | Unset
        if isinstance(self.filters, Unset):
            filters = UNSET
        elif isinstance(self.filters, ComparablesFiltersType0):
            filters = self.filters.to_dict()
        else:
            filters = self.filters

        radius_miles: float | None | Unset
        if isinstance(self.radius_miles, Unset):
            radius_miles = UNSET
        else:
            radius_miles = self.radius_miles

        reference_uprn: int | None | Unset
        if isinstance(self.reference_uprn, Unset):
            reference_uprn = UNSET
        else:
            reference_uprn = self.reference_uprn

        response_time_seconds: float | None | Unset
        if isinstance(self.response_time_seconds, Unset):
            response_time_seconds = UNSET
        else:
            response_time_seconds = self.response_time_seconds

        total_results: int | None | Unset
        if isinstance(self.total_results, Unset):
            total_results = UNSET
        else:
            total_results = self.total_results

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "comparables": comparables,
            }
        )
        if filters is not UNSET:
            field_dict["filters"] = filters
        if radius_miles is not UNSET:
            field_dict["radius_miles"] = radius_miles
        if reference_uprn is not UNSET:
            field_dict["reference_uprn"] = reference_uprn
        if response_time_seconds is not UNSET:
            field_dict["response_time_seconds"] = response_time_seconds
        if total_results is not UNSET:
            field_dict["total_results"] = total_results

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.comparables_comparables_item import ComparablesComparablesItem  # noqa: PLC0415
        from ..models.comparables_filters_type_0 import ComparablesFiltersType0  # noqa: PLC0415

        d = dict(src_dict)
        comparables = []
        _comparables = d.pop("comparables")
        for comparables_item_data in _comparables:
            comparables_item = ComparablesComparablesItem.from_dict(comparables_item_data)

            comparables.append(comparables_item)

        def _parse_filters(data: object) -> ComparablesFiltersType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                filters_type_0 = ComparablesFiltersType0.from_dict(data)

                return filters_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ComparablesFiltersType0 | None | Unset, data)

        filters = _parse_filters(d.pop("filters", UNSET))

        def _parse_radius_miles(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        radius_miles = _parse_radius_miles(d.pop("radius_miles", UNSET))

        def _parse_reference_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reference_uprn = _parse_reference_uprn(d.pop("reference_uprn", UNSET))

        def _parse_response_time_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        response_time_seconds = _parse_response_time_seconds(d.pop("response_time_seconds", UNSET))

        def _parse_total_results(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total_results = _parse_total_results(d.pop("total_results", UNSET))

        comparables = cls(
            comparables=comparables,
            filters=filters,
            radius_miles=radius_miles,
            reference_uprn=reference_uprn,
            response_time_seconds=response_time_seconds,
            total_results=total_results,
        )

        comparables.additional_properties = d
        return comparables

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
