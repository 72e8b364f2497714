from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ValuationEstimateComparablePropertiesItem")


@_attrs_define
class ValuationEstimateComparablePropertiesItem:
    """
    Attributes:
        address (None | str | Unset):
        adjusted_price_gbp (int | None | Unset):
        bedrooms (int | None | Unset):
        distance_m (float | None | Unset):
        floor_area_m2 (float | None | Unset):
        postcode (None | str | Unset):
        property_type (None | str | Unset):
        sale_date (datetime.date | None | Unset):
        sale_price_gbp (int | None | Unset):
        uprn (int | None | Unset):
        weight (float | None | Unset):
    """

    address: None | str | Unset = UNSET
    adjusted_price_gbp: int | None | Unset = UNSET
    bedrooms: int | None | Unset = UNSET
    distance_m: float | None | Unset = UNSET
    floor_area_m2: float | None | Unset = UNSET
    postcode: None | str | Unset = UNSET
    property_type: None | str | Unset = UNSET
    sale_date: datetime.date | None | Unset = UNSET
    sale_price_gbp: int | None | Unset = UNSET
    uprn: int | None | Unset = UNSET
    weight: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        adjusted_price_gbp: int | None | Unset
        if isinstance(self.adjusted_price_gbp, Unset):
            adjusted_price_gbp = UNSET
        else:
            adjusted_price_gbp = self.adjusted_price_gbp

        bedrooms: int | None | Unset
        if isinstance(self.bedrooms, Unset):
            bedrooms = UNSET
        else:
            bedrooms = self.bedrooms

        distance_m: float | None | Unset
        if isinstance(self.distance_m, Unset):
            distance_m = UNSET
        else:
            distance_m = self.distance_m

        floor_area_m2: float | None | Unset
        if isinstance(self.floor_area_m2, Unset):
            floor_area_m2 = UNSET
        else:
            floor_area_m2 = self.floor_area_m2

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        property_type: None | str | Unset
        if isinstance(self.property_type, Unset):
            property_type = UNSET
        else:
            property_type = self.property_type

        sale_date: None | str | Unset
        if isinstance(self.sale_date, Unset):
            sale_date = UNSET
        elif isinstance(self.sale_date, datetime.date):
            sale_date = self.sale_date.isoformat()
        else:
            sale_date = self.sale_date

        sale_price_gbp: int | None | Unset
        if isinstance(self.sale_price_gbp, Unset):
            sale_price_gbp = UNSET
        else:
            sale_price_gbp = self.sale_price_gbp

        uprn: int | None | Unset
        if isinstance(self.uprn, Unset):
            uprn = UNSET
        else:
            uprn = self.uprn

        weight: float | None | Unset
        if isinstance(self.weight, Unset):
            weight = UNSET
        else:
            weight = self.weight

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if address is not UNSET:
            field_dict["address"] = address
        if adjusted_price_gbp is not UNSET:
            field_dict["adjusted_price_gbp"] = adjusted_price_gbp
        if bedrooms is not UNSET:
            field_dict["bedrooms"] = bedrooms
        if distance_m is not UNSET:
            field_dict["distance_m"] = distance_m
        if floor_area_m2 is not UNSET:
            field_dict["floor_area_m2"] = floor_area_m2
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if property_type is not UNSET:
            field_dict["property_type"] = property_type
        if sale_date is not UNSET:
            field_dict["sale_date"] = sale_date
        if sale_price_gbp is not UNSET:
            field_dict["sale_price_gbp"] = sale_price_gbp
        if uprn is not UNSET:
            field_dict["uprn"] = uprn
        if weight is not UNSET:
            field_dict["weight"] = weight

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        def _parse_adjusted_price_gbp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        adjusted_price_gbp = _parse_adjusted_price_gbp(d.pop("adjusted_price_gbp", UNSET))

        def _parse_bedrooms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bedrooms = _parse_bedrooms(d.pop("bedrooms", UNSET))

        def _parse_distance_m(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance_m = _parse_distance_m(d.pop("distance_m", UNSET))

        def _parse_floor_area_m2(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        floor_area_m2 = _parse_floor_area_m2(d.pop("floor_area_m2", UNSET))

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_property_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        property_type = _parse_property_type(d.pop("property_type", UNSET))

        def _parse_sale_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sale_date_type_0 = datetime.date.fromisoformat(data)

                return sale_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        sale_date = _parse_sale_date(d.pop("sale_date", UNSET))

        def _parse_sale_price_gbp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sale_price_gbp = _parse_sale_price_gbp(d.pop("sale_price_gbp", UNSET))

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

        def _parse_weight(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        weight = _parse_weight(d.pop("weight", UNSET))

        valuation_estimate_comparable_properties_item = cls(
            address=address,
            adjusted_price_gbp=adjusted_price_gbp,
            bedrooms=bedrooms,
            distance_m=distance_m,
            floor_area_m2=floor_area_m2,
            postcode=postcode,
            property_type=property_type,
            sale_date=sale_date,
            sale_price_gbp=sale_price_gbp,
            uprn=uprn,
            weight=weight,
        )

        valuation_estimate_comparable_properties_item.additional_properties = d
        return valuation_estimate_comparable_properties_item

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
