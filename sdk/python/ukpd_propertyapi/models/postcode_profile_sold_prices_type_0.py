from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PostcodeProfileSoldPricesType0")


@_attrs_define
class PostcodeProfileSoldPricesType0:
    """
    Attributes:
        median_sold_price (int | None | Unset):
        period_end (datetime.date | None | Unset):
        period_start (datetime.date | None | Unset):
        sale_count (int | None | Unset):
    """

    median_sold_price: int | None | Unset = UNSET
    period_end: datetime.date | None | Unset = UNSET
    period_start: datetime.date | None | Unset = UNSET
    sale_count: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        median_sold_price: int | None | Unset
        if isinstance(self.median_sold_price, Unset):
            median_sold_price = UNSET
        else:
            median_sold_price = self.median_sold_price

        period_end: None | str | Unset
        if isinstance(self.period_end, Unset):
            period_end = UNSET
        elif isinstance(self.period_end, datetime.date):
            period_end = self.period_end.isoformat()
        else:
            period_end = self.period_end

        period_start: None | str | Unset
        if isinstance(self.period_start, Unset):
            period_start = UNSET
        elif isinstance(self.period_start, datetime.date):
            period_start = self.period_start.isoformat()
        else:
            period_start = self.period_start

        sale_count: int | None | Unset
        if isinstance(self.sale_count, Unset):
            sale_count = UNSET
        else:
            sale_count = self.sale_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if median_sold_price is not UNSET:
            field_dict["median_sold_price"] = median_sold_price
        if period_end is not UNSET:
            field_dict["period_end"] = period_end
        if period_start is not UNSET:
            field_dict["period_start"] = period_start
        if sale_count is not UNSET:
            field_dict["sale_count"] = sale_count

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_median_sold_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        median_sold_price = _parse_median_sold_price(d.pop("median_sold_price", UNSET))

        def _parse_period_end(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                period_end_type_0 = datetime.date.fromisoformat(data)

                return period_end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        period_end = _parse_period_end(d.pop("period_end", UNSET))

        def _parse_period_start(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                period_start_type_0 = datetime.date.fromisoformat(data)

                return period_start_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        period_start = _parse_period_start(d.pop("period_start", UNSET))

        def _parse_sale_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sale_count = _parse_sale_count(d.pop("sale_count", UNSET))

        postcode_profile_sold_prices_type_0 = cls(
            median_sold_price=median_sold_price,
            period_end=period_end,
            period_start=period_start,
            sale_count=sale_count,
        )

        postcode_profile_sold_prices_type_0.additional_properties = d
        return postcode_profile_sold_prices_type_0

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
