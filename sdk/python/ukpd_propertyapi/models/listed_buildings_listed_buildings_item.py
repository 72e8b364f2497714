from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.listed_buildings_listed_buildings_item_grade_type_1 import (
    ListedBuildingsListedBuildingsItemGradeType1,
    check_listed_buildings_listed_buildings_item_grade_type_1,
)
from ..models.listed_buildings_listed_buildings_item_grade_type_2_type_1 import (
    ListedBuildingsListedBuildingsItemGradeType2Type1,
    check_listed_buildings_listed_buildings_item_grade_type_2_type_1,
)
from ..models.listed_buildings_listed_buildings_item_grade_type_3_type_1 import (
    ListedBuildingsListedBuildingsItemGradeType3Type1,
    check_listed_buildings_listed_buildings_item_grade_type_3_type_1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lat_lng import LatLng


T = TypeVar("T", bound="ListedBuildingsListedBuildingsItem")


@_attrs_define
class ListedBuildingsListedBuildingsItem:
    """
    Attributes:
        distance_km (float | None | Unset):
        distance_m (float | None | Unset):
        grade (ListedBuildingsListedBuildingsItemGradeType1 | ListedBuildingsListedBuildingsItemGradeType2Type1 |
            ListedBuildingsListedBuildingsItemGradeType3Type1 | None | Unset):
        list_date (datetime.date | None | Unset):
        list_entry (int | None | Unset):
        location (LatLng | None | Unset):
        name (None | str | Unset):
        uprn (int | None | Unset):
        url (None | str | Unset):
    """

    distance_km: float | None | Unset = UNSET
    distance_m: float | None | Unset = UNSET
    grade: (
        ListedBuildingsListedBuildingsItemGradeType1
        | ListedBuildingsListedBuildingsItemGradeType2Type1
        | ListedBuildingsListedBuildingsItemGradeType3Type1
        | None
        | Unset
    ) = UNSET
    list_date: datetime.date | None | Unset = UNSET
    list_entry: int | None | Unset = UNSET
    location: LatLng | None | Unset = UNSET
    name: None | str | Unset = UNSET
    uprn: int | None | Unset = UNSET
    url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.lat_lng import LatLng  # noqa: PLC0415

        distance_km: float | None | Unset
        if isinstance(self.distance_km, Unset):
            distance_km = UNSET
        else:
            distance_km = self.distance_km

        distance_m: float | None | Unset
        if isinstance(self.distance_m, Unset):
            distance_m = UNSET
        else:
            distance_m = self.distance_m

        grade: None | str | Unset
        if isinstance(self.grade, Unset):
            grade = UNSET
        elif isinstance(self.grade, str):
            grade = self.grade
        elif isinstance(self.grade, str):
            grade = self.grade
        elif isinstance(self.grade, str):
            grade = self.grade
        else:
            grade = self.grade

        list_date: None | str | Unset
        if isinstance(self.list_date, Unset):
            list_date = UNSET
        elif isinstance(self.list_date, datetime.date):
            list_date = self.list_date.isoformat()
        else:
            list_date = self.list_date

        list_entry: int | None | Unset
        if isinstance(self.list_entry, Unset):
            list_entry = UNSET
        else:
            list_entry = self.list_entry

        location: dict[str, Any] | None | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        elif isinstance(self.location, LatLng):
            location = self.location.to_dict()
        else:
            location = self.location

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        uprn: int | None | Unset
        if isinstance(self.uprn, Unset):
            uprn = UNSET
        else:
            uprn = self.uprn

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if distance_km is not UNSET:
            field_dict["distance_km"] = distance_km
        if distance_m is not UNSET:
            field_dict["distance_m"] = distance_m
        if grade is not UNSET:
            field_dict["grade"] = grade
        if list_date is not UNSET:
            field_dict["list_date"] = list_date
        if list_entry is not UNSET:
            field_dict["list_entry"] = list_entry
        if location is not UNSET:
            field_dict["location"] = location
        if name is not UNSET:
            field_dict["name"] = name
        if uprn is not UNSET:
            field_dict["uprn"] = uprn
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lat_lng import LatLng  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_distance_km(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance_km = _parse_distance_km(d.pop("distance_km", UNSET))

        def _parse_distance_m(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance_m = _parse_distance_m(d.pop("distance_m", UNSET))

        def _parse_grade(
            data: object,
        ) -> (
            ListedBuildingsListedBuildingsItemGradeType1
            | ListedBuildingsListedBuildingsItemGradeType2Type1
            | ListedBuildingsListedBuildingsItemGradeType3Type1
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                grade_type_1 = check_listed_buildings_listed_buildings_item_grade_type_1(data)

                return grade_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                grade_type_2_type_1 = check_listed_buildings_listed_buildings_item_grade_type_2_type_1(data)

                return grade_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                grade_type_3_type_1 = check_listed_buildings_listed_buildings_item_grade_type_3_type_1(data)

                return grade_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ListedBuildingsListedBuildingsItemGradeType1
                | ListedBuildingsListedBuildingsItemGradeType2Type1
                | ListedBuildingsListedBuildingsItemGradeType3Type1
                | None
                | Unset,
                data,
            )

        grade = _parse_grade(d.pop("grade", UNSET))

        def _parse_list_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                list_date_type_0 = datetime.date.fromisoformat(data)

                return list_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        list_date = _parse_list_date(d.pop("list_date", UNSET))

        def _parse_list_entry(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        list_entry = _parse_list_entry(d.pop("list_entry", UNSET))

        def _parse_location(data: object) -> LatLng | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                location_type_0 = LatLng.from_dict(data)

                return location_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LatLng | None | Unset, data)

        location = _parse_location(d.pop("location", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        listed_buildings_listed_buildings_item = cls(
            distance_km=distance_km,
            distance_m=distance_m,
            grade=grade,
            list_date=list_date,
            list_entry=list_entry,
            location=location,
            name=name,
            uprn=uprn,
            url=url,
        )

        listed_buildings_listed_buildings_item.additional_properties = d
        return listed_buildings_listed_buildings_item

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
