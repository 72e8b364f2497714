from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.property_listing import PropertyListing
    from ..models.sale_event_ref import SaleEventRef


T = TypeVar("T", bound="Sale")


@_attrs_define
class Sale:
    """
    Attributes:
        id (int):
        first_listing_date (datetime.date | None | Unset):
        is_available (bool | None | Unset):
        is_complete (bool | None | Unset):
        property_ (int | None | Unset):
        property_listings (list[PropertyListing] | Unset):
        property_sale_events (list[SaleEventRef] | Unset):
        sold_let_date (datetime.date | None | Unset):
        sold_let_price (int | None | Unset):
        transaction_type (None | str | Unset):
        txid (None | str | Unset):
    """

    id: int
    first_listing_date: datetime.date | None | Unset = UNSET
    is_available: bool | None | Unset = UNSET
    is_complete: bool | None | Unset = UNSET
    property_: int | None | Unset = UNSET
    property_listings: list[PropertyListing] | Unset = UNSET
    property_sale_events: list[SaleEventRef] | Unset = UNSET
    sold_let_date: datetime.date | None | Unset = UNSET
    sold_let_price: int | None | Unset = UNSET
    transaction_type: None | str | Unset = UNSET
    txid: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        first_listing_date: None | str | Unset
        if isinstance(self.first_listing_date, Unset):
            first_listing_date = UNSET
        elif isinstance(self.first_listing_date, datetime.date):
            first_listing_date = self.first_listing_date.isoformat()
        else:
            first_listing_date = self.first_listing_date

        is_available: bool | None | Unset
        if isinstance(self.is_available, Unset):
            is_available = UNSET
        else:
            is_available = self.is_available

        is_complete: bool | None | Unset
        if isinstance(self.is_complete, Unset):
            is_complete = UNSET
        else:
            is_complete = self.is_complete

        property_: int | None | Unset
        if isinstance(self.property_, Unset):
            property_ = UNSET
        else:
            property_ = self.property_

        property_listings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.property_listings, Unset):
            property_listings = []
            for property_listings_item_data in self.property_listings:
                property_listings_item = property_listings_item_data.to_dict()
                property_listings.append(property_listings_item)

        property_sale_events: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.property_sale_events, Unset):
            property_sale_events = []
            for property_sale_events_item_data in self.property_sale_events:
                property_sale_events_item = property_sale_events_item_data.to_dict()
                property_sale_events.append(property_sale_events_item)

        sold_let_date: None | str | Unset
        if isinstance(self.sold_let_date, Unset):
            sold_let_date = UNSET
        elif isinstance(self.sold_let_date, datetime.date):
            sold_let_date = self.sold_let_date.isoformat()
        else:
            sold_let_date = self.sold_let_date

        sold_let_price: int | None | Unset
        if isinstance(self.sold_let_price, Unset):
            sold_let_price = UNSET
        else:
            sold_let_price = self.sold_let_price

        transaction_type: None | str | Unset
        if isinstance(self.transaction_type, Unset):
            transaction_type = UNSET
        else:
            transaction_type = self.transaction_type

        txid: None | str | Unset
        if isinstance(self.txid, Unset):
            txid = UNSET
        else:
            txid = self.txid

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
            }
        )
        if first_listing_date is not UNSET:
            field_dict["first_listing_date"] = first_listing_date
        if is_available is not UNSET:
            field_dict["is_available"] = is_available
        if is_complete is not UNSET:
            field_dict["is_complete"] = is_complete
        if property_ is not UNSET:
            field_dict["property"] = property_
        if property_listings is not UNSET:
            field_dict["property_listings"] = property_listings
        if property_sale_events is not UNSET:
            field_dict["property_sale_events"] = property_sale_events
        if sold_let_date is not UNSET:
            field_dict["sold_let_date"] = sold_let_date
        if sold_let_price is not UNSET:
            field_dict["sold_let_price"] = sold_let_price
        if transaction_type is not UNSET:
            field_dict["transaction_type"] = transaction_type
        if txid is not UNSET:
            field_dict["txid"] = txid

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.property_listing import PropertyListing  # noqa: PLC0415
        from ..models.sale_event_ref import SaleEventRef  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_first_listing_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_listing_date_type_0 = datetime.date.fromisoformat(data)

                return first_listing_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        first_listing_date = _parse_first_listing_date(d.pop("first_listing_date", UNSET))

        def _parse_is_available(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_available = _parse_is_available(d.pop("is_available", UNSET))

        def _parse_is_complete(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_complete = _parse_is_complete(d.pop("is_complete", UNSET))

        def _parse_property_(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        property_ = _parse_property_(d.pop("property", UNSET))

        _property_listings = d.pop("property_listings", UNSET)
        property_listings: list[PropertyListing] | Unset = UNSET
        if _property_listings is not UNSET:
            property_listings = []
            for property_listings_item_data in _property_listings:
                property_listings_item = PropertyListing.from_dict(property_listings_item_data)

                property_listings.append(property_listings_item)

        _property_sale_events = d.pop("property_sale_events", UNSET)
        property_sale_events: list[SaleEventRef] | Unset = UNSET
        if _property_sale_events is not UNSET:
            property_sale_events = []
            for property_sale_events_item_data in _property_sale_events:
                property_sale_events_item = SaleEventRef.from_dict(property_sale_events_item_data)

                property_sale_events.append(property_sale_events_item)

        def _parse_sold_let_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sold_let_date_type_0 = datetime.date.fromisoformat(data)

                return sold_let_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        sold_let_date = _parse_sold_let_date(d.pop("sold_let_date", UNSET))

        def _parse_sold_let_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sold_let_price = _parse_sold_let_price(d.pop("sold_let_price", UNSET))

        def _parse_transaction_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction_type = _parse_transaction_type(d.pop("transaction_type", UNSET))

        def _parse_txid(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        txid = _parse_txid(d.pop("txid", UNSET))

        sale = cls(
            id=id,
            first_listing_date=first_listing_date,
            is_available=is_available,
            is_complete=is_complete,
            property_=property_,
            property_listings=property_listings,
            property_sale_events=property_sale_events,
            sold_let_date=sold_let_date,
            sold_let_price=sold_let_price,
            transaction_type=transaction_type,
            txid=txid,
        )

        sale.additional_properties = d
        return sale

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
