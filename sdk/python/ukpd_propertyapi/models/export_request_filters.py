from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.export_request_filters_property_type_item import (
    ExportRequestFiltersPropertyTypeItem,
    check_export_request_filters_property_type_item,
)
from ..models.export_request_filters_transaction_type import (
    ExportRequestFiltersTransactionType,
    check_export_request_filters_transaction_type,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportRequestFilters")


@_attrs_define
class ExportRequestFilters:
    """At least one geographic scope (postcode, boundary_id, or lat with lng).

    Attributes:
        bedrooms_max (int | Unset):
        bedrooms_min (int | Unset):
        boundary_id (int | Unset):
        is_new_build (bool | Unset):
        lat (float | Unset):
        listed_since (datetime.date | Unset):
        lng (float | Unset):
        max_price (int | Unset):
        min_dom (int | Unset):
        min_price (int | Unset):
        postcode (str | Unset):
        property_type (list[ExportRequestFiltersPropertyTypeItem] | Unset):
        radius_miles (float | Unset):  Default: 5.0.
        transaction_type (ExportRequestFiltersTransactionType | Unset):
    """

    bedrooms_max: int | Unset = UNSET
    bedrooms_min: int | Unset = UNSET
    boundary_id: int | Unset = UNSET
    is_new_build: bool | Unset = UNSET
    lat: float | Unset = UNSET
    listed_since: datetime.date | Unset = UNSET
    lng: float | Unset = UNSET
    max_price: int | Unset = UNSET
    min_dom: int | Unset = UNSET
    min_price: int | Unset = UNSET
    postcode: str | Unset = UNSET
    property_type: list[ExportRequestFiltersPropertyTypeItem] | Unset = UNSET
    radius_miles: float | Unset = 5.0
    transaction_type: ExportRequestFiltersTransactionType | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bedrooms_max = self.bedrooms_max

        bedrooms_min = self.bedrooms_min

        boundary_id = self.boundary_id

        is_new_build = self.is_new_build

        lat = self.lat

        listed_since: str | Unset = UNSET
        if not isinstance(self.listed_since, Unset):
            listed_since = self.listed_since.isoformat()

        lng = self.lng

        max_price = self.max_price

        min_dom = self.min_dom

        min_price = self.min_price

        postcode = self.postcode

        property_type: list[str] | Unset = UNSET
        if not isinstance(self.property_type, Unset):
            property_type = []
            for property_type_item_data in self.property_type:
                property_type_item: str = property_type_item_data
                property_type.append(property_type_item)

        radius_miles = self.radius_miles

        transaction_type: str | Unset = UNSET
        if not isinstance(self.transaction_type, Unset):
            transaction_type = self.transaction_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        bedrooms_max = d.pop("bedrooms_max", UNSET)

        bedrooms_min = d.pop("bedrooms_min", UNSET)

        boundary_id = d.pop("boundary_id", UNSET)

        is_new_build = d.pop("is_new_build", UNSET)

        lat = d.pop("lat", UNSET)

        _listed_since = d.pop("listed_since", UNSET)
        listed_since: datetime.date | Unset
        if isinstance(_listed_since, Unset):
            listed_since = UNSET
        else:
            listed_since = datetime.date.fromisoformat(_listed_since)

        lng = d.pop("lng", UNSET)

        max_price = d.pop("max_price", UNSET)

        min_dom = d.pop("min_dom", UNSET)

        min_price = d.pop("min_price", UNSET)

        postcode = d.pop("postcode", UNSET)

        _property_type = d.pop("property_type", UNSET)
        property_type: list[ExportRequestFiltersPropertyTypeItem] | Unset = UNSET
        if _property_type is not UNSET:
            property_type = []
            for property_type_item_data in _property_type:
                property_type_item = check_export_request_filters_property_type_item(property_type_item_data)

                property_type.append(property_type_item)

        radius_miles = d.pop("radius_miles", UNSET)

        _transaction_type = d.pop("transaction_type", UNSET)
        transaction_type: ExportRequestFiltersTransactionType | Unset
        if isinstance(_transaction_type, Unset):
            transaction_type = UNSET
        else:
            transaction_type = check_export_request_filters_transaction_type(_transaction_type)

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

        export_request_filters.additional_properties = d
        return export_request_filters

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
