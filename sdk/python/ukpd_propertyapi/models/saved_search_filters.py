from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.saved_search_filters_property_type_type_1_item import (
    SavedSearchFiltersPropertyTypeType1Item,
    check_saved_search_filters_property_type_type_1_item,
)
from ..models.saved_search_filters_transaction_type import (
    SavedSearchFiltersTransactionType,
    check_saved_search_filters_transaction_type,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SavedSearchFilters")


@_attrs_define
class SavedSearchFilters:
    """The live-listings/search filters (same names, same meaning, same validation; one builder makes
    both the search and the saved search). Give at least one filter, or a uprns watch list. A
    saved search matches a listing whatever its state (is_live is not a filter), so a search
    hears that its listings were sold or withdrawn.

        Attributes:
            bbox (str | Unset): minLon,minLat,maxLon,maxLat (WGS84).
            bedrooms (int | Unset): Minimum bedrooms.
            boundary_id (int | Unset): An id from boundaries/autocomplete; the polygon is fetched when the alert is saved.
            max_bedrooms (int | Unset):
            max_price (int | Unset):
            min_price (int | Unset):
            new_builds_only (bool | Unset):
            property_type (list[SavedSearchFiltersPropertyTypeType1Item] | str | Unset): One or more of Detached, Semi-
                Detached, Terraced, Flat, Bungalow (array or comma-separated).
            radius_km (float | Unset):
            reduced_only (bool | Unset):
            transaction_type (SavedSearchFiltersTransactionType | Unset):
            uprn (int | Unset): Listings at this property
    """

    bbox: str | Unset = UNSET
    bedrooms: int | Unset = UNSET
    boundary_id: int | Unset = UNSET
    max_bedrooms: int | Unset = UNSET
    max_price: int | Unset = UNSET
    min_price: int | Unset = UNSET
    new_builds_only: bool | Unset = UNSET
    property_type: list[SavedSearchFiltersPropertyTypeType1Item] | str | Unset = UNSET
    radius_km: float | Unset = UNSET
    reduced_only: bool | Unset = UNSET
    transaction_type: SavedSearchFiltersTransactionType | Unset = UNSET
    uprn: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bbox = self.bbox

        bedrooms = self.bedrooms

        boundary_id = self.boundary_id

        max_bedrooms = self.max_bedrooms

        max_price = self.max_price

        min_price = self.min_price

        new_builds_only = self.new_builds_only

        property_type: list[str] | str | Unset
        if isinstance(self.property_type, Unset):
            property_type = UNSET
        elif isinstance(self.property_type, list):
            property_type = []
            for property_type_type_1_item_data in self.property_type:
                property_type_type_1_item: str = property_type_type_1_item_data
                property_type.append(property_type_type_1_item)

        else:
            property_type = self.property_type

        radius_km = self.radius_km

        reduced_only = self.reduced_only

        transaction_type: str | Unset = UNSET
        if not isinstance(self.transaction_type, Unset):
            transaction_type = self.transaction_type

        uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if bbox is not UNSET:
            field_dict["bbox"] = bbox
        if bedrooms is not UNSET:
            field_dict["bedrooms"] = bedrooms
        if boundary_id is not UNSET:
            field_dict["boundary_id"] = boundary_id
        if max_bedrooms is not UNSET:
            field_dict["max_bedrooms"] = max_bedrooms
        if max_price is not UNSET:
            field_dict["max_price"] = max_price
        if min_price is not UNSET:
            field_dict["min_price"] = min_price
        if new_builds_only is not UNSET:
            field_dict["new_builds_only"] = new_builds_only
        if property_type is not UNSET:
            field_dict["property_type"] = property_type
        if radius_km is not UNSET:
            field_dict["radius_km"] = radius_km
        if reduced_only is not UNSET:
            field_dict["reduced_only"] = reduced_only
        if transaction_type is not UNSET:
            field_dict["transaction_type"] = transaction_type
        if uprn is not UNSET:
            field_dict["uprn"] = uprn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bbox = d.pop("bbox", UNSET)

        bedrooms = d.pop("bedrooms", UNSET)

        boundary_id = d.pop("boundary_id", UNSET)

        max_bedrooms = d.pop("max_bedrooms", UNSET)

        max_price = d.pop("max_price", UNSET)

        min_price = d.pop("min_price", UNSET)

        new_builds_only = d.pop("new_builds_only", UNSET)

        def _parse_property_type(data: object) -> list[SavedSearchFiltersPropertyTypeType1Item] | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                property_type_type_1 = []
                _property_type_type_1 = data
                for property_type_type_1_item_data in _property_type_type_1:
                    property_type_type_1_item = check_saved_search_filters_property_type_type_1_item(
                        property_type_type_1_item_data
                    )

                    property_type_type_1.append(property_type_type_1_item)

                return property_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SavedSearchFiltersPropertyTypeType1Item] | str | Unset, data)

        property_type = _parse_property_type(d.pop("property_type", UNSET))

        radius_km = d.pop("radius_km", UNSET)

        reduced_only = d.pop("reduced_only", UNSET)

        _transaction_type = d.pop("transaction_type", UNSET)
        transaction_type: SavedSearchFiltersTransactionType | Unset
        if isinstance(_transaction_type, Unset):
            transaction_type = UNSET
        else:
            transaction_type = check_saved_search_filters_transaction_type(_transaction_type)

        uprn = d.pop("uprn", UNSET)

        saved_search_filters = cls(
            bbox=bbox,
            bedrooms=bedrooms,
            boundary_id=boundary_id,
            max_bedrooms=max_bedrooms,
            max_price=max_price,
            min_price=min_price,
            new_builds_only=new_builds_only,
            property_type=property_type,
            radius_km=radius_km,
            reduced_only=reduced_only,
            transaction_type=transaction_type,
            uprn=uprn,
        )

        saved_search_filters.additional_properties = d
        return saved_search_filters

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
