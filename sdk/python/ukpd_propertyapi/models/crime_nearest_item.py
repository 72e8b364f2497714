from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lat_lng import LatLng


T = TypeVar("T", bound="CrimeNearestItem")


@_attrs_define
class CrimeNearestItem:
    """
    Attributes:
        category (None | str | Unset):
        distance_m (float | None | Unset):
        id (None | str | Unset):
        location (LatLng | None | Unset):
        month (None | str | Unset):
        outcome (None | str | Unset):
        street (None | str | Unset):
    """

    category: None | str | Unset = UNSET
    distance_m: float | None | Unset = UNSET
    id: None | str | Unset = UNSET
    location: LatLng | None | Unset = UNSET
    month: None | str | Unset = UNSET
    outcome: None | str | Unset = UNSET
    street: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.lat_lng import LatLng  # noqa: PLC0415

        category: None | str | Unset
        if isinstance(self.category, Unset):
            category = UNSET
        else:
            category = self.category

        distance_m: float | None | Unset
        if isinstance(self.distance_m, Unset):
            distance_m = UNSET
        else:
            distance_m = self.distance_m

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        location: dict[str, Any] | None | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        elif isinstance(self.location, LatLng):
            location = self.location.to_dict()
        else:
            location = self.location

        month: None | str | Unset
        if isinstance(self.month, Unset):
            month = UNSET
        else:
            month = self.month

        outcome: None | str | Unset
        if isinstance(self.outcome, Unset):
            outcome = UNSET
        else:
            outcome = self.outcome

        street: None | str | Unset
        if isinstance(self.street, Unset):
            street = UNSET
        else:
            street = self.street

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if category is not UNSET:
            field_dict["category"] = category
        if distance_m is not UNSET:
            field_dict["distance_m"] = distance_m
        if id is not UNSET:
            field_dict["id"] = id
        if location is not UNSET:
            field_dict["location"] = location
        if month is not UNSET:
            field_dict["month"] = month
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if street is not UNSET:
            field_dict["street"] = street

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lat_lng import LatLng  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_category(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        category = _parse_category(d.pop("category", UNSET))

        def _parse_distance_m(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance_m = _parse_distance_m(d.pop("distance_m", UNSET))

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

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

        def _parse_month(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        month = _parse_month(d.pop("month", UNSET))

        def _parse_outcome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        outcome = _parse_outcome(d.pop("outcome", UNSET))

        def _parse_street(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        street = _parse_street(d.pop("street", UNSET))

        crime_nearest_item = cls(
            category=category,
            distance_m=distance_m,
            id=id,
            location=location,
            month=month,
            outcome=outcome,
            street=street,
        )

        crime_nearest_item.additional_properties = d
        return crime_nearest_item

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
