from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.coverage_item import CoverageItem
    from ..models.lat_lon import LatLon
    from ..models.risk_result import RiskResult


T = TypeVar("T", bound="Risks")


@_attrs_define
class Risks:
    """
    Attributes:
        results (list[RiskResult]):
        coverage (list[CoverageItem] | Unset): Why each null section is null (a partial load is not an outage). status
            dataset_not_loaded = the dataset is not loaded on this server; no_data = loaded, nothing for this place;
            not_applicable = the place lacks the key (no LSOA, no grid reference); plan = left out of the Free plan's
            summary.
        distance_method (None | str | Unset):
        location (LatLon | None | Unset):
        not_assessed_count (int | None | Unset):
        risk_type (None | str | Unset):
        search_radius_m (int | None | Unset):
        title_no (None | str | Unset):
        title_polygon_checked (bool | None | Unset):
        uprn (int | None | Unset):
    """

    results: list[RiskResult]
    coverage: list[CoverageItem] | Unset = UNSET
    distance_method: None | str | Unset = UNSET
    location: LatLon | None | Unset = UNSET
    not_assessed_count: int | None | Unset = UNSET
    risk_type: None | str | Unset = UNSET
    search_radius_m: int | None | Unset = UNSET
    title_no: None | str | Unset = UNSET
    title_polygon_checked: bool | None | Unset = UNSET
    uprn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.lat_lon import LatLon  # noqa: PLC0415

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        coverage: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.coverage, Unset):
            coverage = []
            for componentsschemas_coverage_item_data in self.coverage:
                componentsschemas_coverage_item = componentsschemas_coverage_item_data.to_dict()
                coverage.append(componentsschemas_coverage_item)

        distance_method: None | str | Unset
        if isinstance(self.distance_method, Unset):
            distance_method = UNSET
        else:
            distance_method = self.distance_method

        location: dict[str, Any] | None | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        elif isinstance(self.location, LatLon):
            location = self.location.to_dict()
        else:
            location = self.location

        not_assessed_count: int | None | Unset
        if isinstance(self.not_assessed_count, Unset):
            not_assessed_count = UNSET
        else:
            not_assessed_count = self.not_assessed_count

        risk_type: None | str | Unset
        if isinstance(self.risk_type, Unset):
            risk_type = UNSET
        else:
            risk_type = self.risk_type

        search_radius_m: int | None | Unset
        if isinstance(self.search_radius_m, Unset):
            search_radius_m = UNSET
        else:
            search_radius_m = self.search_radius_m

        title_no: None | str | Unset
        if isinstance(self.title_no, Unset):
            title_no = UNSET
        else:
            title_no = self.title_no

        title_polygon_checked: bool | None | Unset
        if isinstance(self.title_polygon_checked, Unset):
            title_polygon_checked = UNSET
        else:
            title_polygon_checked = self.title_polygon_checked

        uprn: int | None | Unset
        if isinstance(self.uprn, Unset):
            uprn = UNSET
        else:
            uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "results": results,
            }
        )
        if coverage is not UNSET:
            field_dict["coverage"] = coverage
        if distance_method is not UNSET:
            field_dict["distance_method"] = distance_method
        if location is not UNSET:
            field_dict["location"] = location
        if not_assessed_count is not UNSET:
            field_dict["not_assessed_count"] = not_assessed_count
        if risk_type is not UNSET:
            field_dict["risk_type"] = risk_type
        if search_radius_m is not UNSET:
            field_dict["search_radius_m"] = search_radius_m
        if title_no is not UNSET:
            field_dict["title_no"] = title_no
        if title_polygon_checked is not UNSET:
            field_dict["title_polygon_checked"] = title_polygon_checked
        if uprn is not UNSET:
            field_dict["uprn"] = uprn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.coverage_item import CoverageItem  # noqa: PLC0415
        from ..models.lat_lon import LatLon  # noqa: PLC0415
        from ..models.risk_result import RiskResult  # noqa: PLC0415

        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = RiskResult.from_dict(results_item_data)

            results.append(results_item)

        _coverage = d.pop("coverage", UNSET)
        coverage: list[CoverageItem] | Unset = UNSET
        if _coverage is not UNSET:
            coverage = []
            for componentsschemas_coverage_item_data in _coverage:
                componentsschemas_coverage_item = CoverageItem.from_dict(componentsschemas_coverage_item_data)

                coverage.append(componentsschemas_coverage_item)

        def _parse_distance_method(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        distance_method = _parse_distance_method(d.pop("distance_method", UNSET))

        def _parse_location(data: object) -> LatLon | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                location_type_0 = LatLon.from_dict(data)

                return location_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LatLon | None | Unset, data)

        location = _parse_location(d.pop("location", UNSET))

        def _parse_not_assessed_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        not_assessed_count = _parse_not_assessed_count(d.pop("not_assessed_count", UNSET))

        def _parse_risk_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        risk_type = _parse_risk_type(d.pop("risk_type", UNSET))

        def _parse_search_radius_m(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        search_radius_m = _parse_search_radius_m(d.pop("search_radius_m", UNSET))

        def _parse_title_no(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title_no = _parse_title_no(d.pop("title_no", UNSET))

        def _parse_title_polygon_checked(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        title_polygon_checked = _parse_title_polygon_checked(d.pop("title_polygon_checked", UNSET))

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

        risks = cls(
            results=results,
            coverage=coverage,
            distance_method=distance_method,
            location=location,
            not_assessed_count=not_assessed_count,
            risk_type=risk_type,
            search_radius_m=search_radius_m,
            title_no=title_no,
            title_polygon_checked=title_polygon_checked,
            uprn=uprn,
        )

        risks.additional_properties = d
        return risks

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
