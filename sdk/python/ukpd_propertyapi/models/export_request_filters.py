from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.export_request_filters_property_type_type_0_item import (
    ExportRequestFiltersPropertyTypeType0Item,
    check_export_request_filters_property_type_type_0_item,
)
from ..models.export_request_filters_transaction_type_type_1 import (
    ExportRequestFiltersTransactionTypeType1,
    check_export_request_filters_transaction_type_type_1,
)
from ..models.export_request_filters_transaction_type_type_2_type_1 import (
    ExportRequestFiltersTransactionTypeType2Type1,
    check_export_request_filters_transaction_type_type_2_type_1,
)
from ..models.export_request_filters_transaction_type_type_3_type_1 import (
    ExportRequestFiltersTransactionTypeType3Type1,
    check_export_request_filters_transaction_type_type_3_type_1,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportRequestFilters")


@_attrs_define
class ExportRequestFilters:
    """At least one geographic scope (postcode, boundary_id, or lat with lng).

    Attributes:
        bedrooms_max (int | None | Unset):
        bedrooms_min (int | None | Unset):
        boundary_id (int | None | Unset):
        is_new_build (bool | None | Unset):
        lat (float | None | Unset):
        listed_since (datetime.date | None | Unset):
        lng (float | None | Unset):
        max_price (int | None | Unset):
        min_dom (int | None | Unset):
        min_price (int | None | Unset):
        postcode (None | str | Unset):
        property_type (list[ExportRequestFiltersPropertyTypeType0Item] | None | Unset):
        radius_miles (float | None | Unset):  Default: 5.0.
        transaction_type (ExportRequestFiltersTransactionTypeType1 | ExportRequestFiltersTransactionTypeType2Type1 |
            ExportRequestFiltersTransactionTypeType3Type1 | None | Unset):
    """

    bedrooms_max: int | None | Unset = UNSET
    bedrooms_min: int | None | Unset = UNSET
    boundary_id: int | None | Unset = UNSET
    is_new_build: bool | None | Unset = UNSET
    lat: float | None | Unset = UNSET
    listed_since: datetime.date | None | Unset = UNSET
    lng: float | None | Unset = UNSET
    max_price: int | None | Unset = UNSET
    min_dom: int | None | Unset = UNSET
    min_price: int | None | Unset = UNSET
    postcode: None | str | Unset = UNSET
    property_type: list[ExportRequestFiltersPropertyTypeType0Item] | None | Unset = UNSET
    radius_miles: float | None | Unset = 5.0
    transaction_type: (
        ExportRequestFiltersTransactionTypeType1
        | ExportRequestFiltersTransactionTypeType2Type1
        | ExportRequestFiltersTransactionTypeType3Type1
        | None
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        bedrooms_max: int | None | Unset
        if isinstance(self.bedrooms_max, Unset):
            bedrooms_max = UNSET
        else:
            bedrooms_max = self.bedrooms_max

        bedrooms_min: int | None | Unset
        if isinstance(self.bedrooms_min, Unset):
            bedrooms_min = UNSET
        else:
            bedrooms_min = self.bedrooms_min

        boundary_id: int | None | Unset
        if isinstance(self.boundary_id, Unset):
            boundary_id = UNSET
        else:
            boundary_id = self.boundary_id

        is_new_build: bool | None | Unset
        if isinstance(self.is_new_build, Unset):
            is_new_build = UNSET
        else:
            is_new_build = self.is_new_build

        lat: float | None | Unset
        if isinstance(self.lat, Unset):
            lat = UNSET
        else:
            lat = self.lat

        listed_since: None | str | Unset
        if isinstance(self.listed_since, Unset):
            listed_since = UNSET
        elif isinstance(self.listed_since, datetime.date):
            listed_since = self.listed_since.isoformat()
        else:
            listed_since = self.listed_since

        lng: float | None | Unset
        if isinstance(self.lng, Unset):
            lng = UNSET
        else:
            lng = self.lng

        max_price: int | None | Unset
        if isinstance(self.max_price, Unset):
            max_price = UNSET
        else:
            max_price = self.max_price

        min_dom: int | None | Unset
        if isinstance(self.min_dom, Unset):
            min_dom = UNSET
        else:
            min_dom = self.min_dom

        min_price: int | None | Unset
        if isinstance(self.min_price, Unset):
            min_price = UNSET
        else:
            min_price = self.min_price

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        property_type: list[str] | None | Unset
        if isinstance(self.property_type, Unset):
            property_type = UNSET
        elif isinstance(self.property_type, list):
            property_type = []
            for property_type_type_0_item_data in self.property_type:
                property_type_type_0_item: str = property_type_type_0_item_data
                property_type.append(property_type_type_0_item)

        else:
            property_type = self.property_type

        radius_miles: float | None | Unset
        if isinstance(self.radius_miles, Unset):
            radius_miles = UNSET
        else:
            radius_miles = self.radius_miles

        transaction_type: None | str | Unset
        if isinstance(self.transaction_type, Unset):
            transaction_type = UNSET
        elif isinstance(self.transaction_type, str):
            transaction_type = self.transaction_type
        elif isinstance(self.transaction_type, str):
            transaction_type = self.transaction_type
        elif isinstance(self.transaction_type, str):
            transaction_type = self.transaction_type
        else:
            transaction_type = self.transaction_type

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if bedrooms_max is not UNSET:
            field_dict["bedrooms_max"] = bedrooms_max
        if bedrooms_min is not UNSET:
            field_dict["bedrooms_min"] = bedrooms_min
        if boundary_id is not UNSET:
            field_dict["boundary_id"] = boundary_id
        if is_new_build is not UNSET:
            field_dict["is_new_build"] = is_new_build
        if lat is not UNSET:
            field_dict["lat"] = lat
        if listed_since is not UNSET:
            field_dict["listed_since"] = listed_since
        if lng is not UNSET:
            field_dict["lng"] = lng
        if max_price is not UNSET:
            field_dict["max_price"] = max_price
        if min_dom is not UNSET:
            field_dict["min_dom"] = min_dom
        if min_price is not UNSET:
            field_dict["min_price"] = min_price
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if property_type is not UNSET:
            field_dict["property_type"] = property_type
        if radius_miles is not UNSET:
            field_dict["radius_miles"] = radius_miles
        if transaction_type is not UNSET:
            field_dict["transaction_type"] = transaction_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_bedrooms_max(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bedrooms_max = _parse_bedrooms_max(d.pop("bedrooms_max", UNSET))

        def _parse_bedrooms_min(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bedrooms_min = _parse_bedrooms_min(d.pop("bedrooms_min", UNSET))

        def _parse_boundary_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        boundary_id = _parse_boundary_id(d.pop("boundary_id", UNSET))

        def _parse_is_new_build(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_new_build = _parse_is_new_build(d.pop("is_new_build", UNSET))

        def _parse_lat(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lat = _parse_lat(d.pop("lat", UNSET))

        def _parse_listed_since(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                listed_since_type_0 = datetime.date.fromisoformat(data)

                return listed_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        listed_since = _parse_listed_since(d.pop("listed_since", UNSET))

        def _parse_lng(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lng = _parse_lng(d.pop("lng", UNSET))

        def _parse_max_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_price = _parse_max_price(d.pop("max_price", UNSET))

        def _parse_min_dom(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_dom = _parse_min_dom(d.pop("min_dom", UNSET))

        def _parse_min_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_price = _parse_min_price(d.pop("min_price", UNSET))

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_property_type(data: object) -> list[ExportRequestFiltersPropertyTypeType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                property_type_type_0 = []
                _property_type_type_0 = data
                for property_type_type_0_item_data in _property_type_type_0:
                    property_type_type_0_item = check_export_request_filters_property_type_type_0_item(
                        property_type_type_0_item_data
                    )

                    property_type_type_0.append(property_type_type_0_item)

                return property_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ExportRequestFiltersPropertyTypeType0Item] | None | Unset, data)

        property_type = _parse_property_type(d.pop("property_type", UNSET))

        def _parse_radius_miles(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        radius_miles = _parse_radius_miles(d.pop("radius_miles", UNSET))

        def _parse_transaction_type(
            data: object,
        ) -> (
            ExportRequestFiltersTransactionTypeType1
            | ExportRequestFiltersTransactionTypeType2Type1
            | ExportRequestFiltersTransactionTypeType3Type1
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
                transaction_type_type_1 = check_export_request_filters_transaction_type_type_1(data)

                return transaction_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                transaction_type_type_2_type_1 = check_export_request_filters_transaction_type_type_2_type_1(data)

                return transaction_type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                transaction_type_type_3_type_1 = check_export_request_filters_transaction_type_type_3_type_1(data)

                return transaction_type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ExportRequestFiltersTransactionTypeType1
                | ExportRequestFiltersTransactionTypeType2Type1
                | ExportRequestFiltersTransactionTypeType3Type1
                | None
                | Unset,
                data,
            )

        transaction_type = _parse_transaction_type(d.pop("transaction_type", UNSET))

        export_request_filters = cls(
            bedrooms_max=bedrooms_max,
            bedrooms_min=bedrooms_min,
            boundary_id=boundary_id,
            is_new_build=is_new_build,
            lat=lat,
            listed_since=listed_since,
            lng=lng,
            max_price=max_price,
            min_dom=min_dom,
            min_price=min_price,
            postcode=postcode,
            property_type=property_type,
            radius_miles=radius_miles,
            transaction_type=transaction_type,
        )

        return export_request_filters
