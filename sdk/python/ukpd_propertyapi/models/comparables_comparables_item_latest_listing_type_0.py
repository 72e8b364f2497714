from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ComparablesComparablesItemLatestListingType0")


@_attrs_define
class ComparablesComparablesItemLatestListingType0:
    """
    Attributes:
        added_date (datetime.date | None | Unset):
        latest_price (int | None | Unset):
        latest_status (None | str | Unset):
        listing_id (None | str | Unset):
        source (None | str | Unset):
    """

    added_date: datetime.date | None | Unset = UNSET
    latest_price: int | None | Unset = UNSET
    latest_status: None | str | Unset = UNSET
    listing_id: None | str | Unset = UNSET
    source: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        added_date: None | str | Unset
        if isinstance(self.added_date, Unset):
            added_date = UNSET
        elif isinstance(self.added_date, datetime.date):
            added_date = self.added_date.isoformat()
        else:
            added_date = self.added_date

        latest_price: int | None | Unset
        if isinstance(self.latest_price, Unset):
            latest_price = UNSET
        else:
            latest_price = self.latest_price

        latest_status: None | str | Unset
        if isinstance(self.latest_status, Unset):
            latest_status = UNSET
        else:
            latest_status = self.latest_status

        listing_id: None | str | Unset
        if isinstance(self.listing_id, Unset):
            listing_id = UNSET
        else:
            listing_id = self.listing_id

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if added_date is not UNSET:
            field_dict["added_date"] = added_date
        if latest_price is not UNSET:
            field_dict["latest_price"] = latest_price
        if latest_status is not UNSET:
            field_dict["latest_status"] = latest_status
        if listing_id is not UNSET:
            field_dict["listing_id"] = listing_id
        if source is not UNSET:
            field_dict["source"] = source

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_added_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                added_date_type_0 = datetime.date.fromisoformat(data)

                return added_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        added_date = _parse_added_date(d.pop("added_date", UNSET))

        def _parse_latest_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        latest_price = _parse_latest_price(d.pop("latest_price", UNSET))

        def _parse_latest_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        latest_status = _parse_latest_status(d.pop("latest_status", UNSET))

        def _parse_listing_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        listing_id = _parse_listing_id(d.pop("listing_id", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        comparables_comparables_item_latest_listing_type_0 = cls(
            added_date=added_date,
            latest_price=latest_price,
            latest_status=latest_status,
            listing_id=listing_id,
            source=source,
        )

        comparables_comparables_item_latest_listing_type_0.additional_properties = d
        return comparables_comparables_item_latest_listing_type_0

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
