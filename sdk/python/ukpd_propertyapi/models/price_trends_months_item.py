from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PriceTrendsMonthsItem")


@_attrs_define
class PriceTrendsMonthsItem:
    """
    Attributes:
        change_pct (float | None | Unset):
        listing_count (int | None | Unset):
        median_asking_price (int | None | Unset):
        month (str | Unset):
    """

    change_pct: float | None | Unset = UNSET
    listing_count: int | None | Unset = UNSET
    median_asking_price: int | None | Unset = UNSET
    month: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        change_pct: float | None | Unset
        if isinstance(self.change_pct, Unset):
            change_pct = UNSET
        else:
            change_pct = self.change_pct

        listing_count: int | None | Unset
        if isinstance(self.listing_count, Unset):
            listing_count = UNSET
        else:
            listing_count = self.listing_count

        median_asking_price: int | None | Unset
        if isinstance(self.median_asking_price, Unset):
            median_asking_price = UNSET
        else:
            median_asking_price = self.median_asking_price

        month = self.month

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if change_pct is not UNSET:
            field_dict["change_pct"] = change_pct
        if listing_count is not UNSET:
            field_dict["listing_count"] = listing_count
        if median_asking_price is not UNSET:
            field_dict["median_asking_price"] = median_asking_price
        if month is not UNSET:
            field_dict["month"] = month

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_change_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        change_pct = _parse_change_pct(d.pop("change_pct", UNSET))

        def _parse_listing_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        listing_count = _parse_listing_count(d.pop("listing_count", UNSET))

        def _parse_median_asking_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        median_asking_price = _parse_median_asking_price(d.pop("median_asking_price", UNSET))

        month = d.pop("month", UNSET)

        price_trends_months_item = cls(
            change_pct=change_pct,
            listing_count=listing_count,
            median_asking_price=median_asking_price,
            month=month,
        )

        price_trends_months_item.additional_properties = d
        return price_trends_months_item

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
