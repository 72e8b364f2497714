from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PropertyListing")


@_attrs_define
class PropertyListing:
    """
    Attributes:
        id (int | str): Listing UUID.
        added_date (datetime.date | None | Unset):
        agent (int | None | Unset):
        alias (None | str | Unset):
        bathrooms (int | None | Unset):
        bedrooms (int | None | Unset):
        description (None | str | Unset):
        display_address (None | str | Unset):
        first_offer_date (datetime.date | None | Unset):
        first_sold_or_let_date (datetime.date | None | Unset):
        images (list[None | str] | Unset):
        is_live (bool | None | Unset):
        is_new_build (bool | None | Unset):
        is_withdrawn (bool | None | Unset):
        latest_price (int | None | Unset):
        latest_status (None | str | Unset):
        listing_id (None | str | Unset):
        listing_property_type (None | str | Unset):
        ownership (None | str | Unset):
        postcode (None | str | Unset):
        property_ (int | None | Unset):
        reception_rooms (int | None | Unset):
        reduced_date (datetime.date | None | Unset):
        sale (int | None | Unset):
        sale_cancelled_date (datetime.date | None | Unset):
        source (None | str | Unset):
        transaction_type (None | str | Unset):
        withdrawn_date (datetime.date | None | Unset):
    """

    id: int | str
    added_date: datetime.date | None | Unset = UNSET
    agent: int | None | Unset = UNSET
    alias: None | str | Unset = UNSET
    bathrooms: int | None | Unset = UNSET
    bedrooms: int | None | Unset = UNSET
    description: None | str | Unset = UNSET
    display_address: None | str | Unset = UNSET
    first_offer_date: datetime.date | None | Unset = UNSET
    first_sold_or_let_date: datetime.date | None | Unset = UNSET
    images: list[None | str] | Unset = UNSET
    is_live: bool | None | Unset = UNSET
    is_new_build: bool | None | Unset = UNSET
    is_withdrawn: bool | None | Unset = UNSET
    latest_price: int | None | Unset = UNSET
    latest_status: None | str | Unset = UNSET
    listing_id: None | str | Unset = UNSET
    listing_property_type: None | str | Unset = UNSET
    ownership: None | str | Unset = UNSET
    postcode: None | str | Unset = UNSET
    property_: int | None | Unset = UNSET
    reception_rooms: int | None | Unset = UNSET
    reduced_date: datetime.date | None | Unset = UNSET
    sale: int | None | Unset = UNSET
    sale_cancelled_date: datetime.date | None | Unset = UNSET
    source: None | str | Unset = UNSET
    transaction_type: None | str | Unset = UNSET
    withdrawn_date: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id: int | str
        id = self.id

        added_date: None | str | Unset
        if isinstance(self.added_date, Unset):
            added_date = UNSET
        elif isinstance(self.added_date, datetime.date):
            added_date = self.added_date.isoformat()
        else:
            added_date = self.added_date

        agent: int | None | Unset
        if isinstance(self.agent, Unset):
            agent = UNSET
        else:
            agent = self.agent

        alias: None | str | Unset
        if isinstance(self.alias, Unset):
            alias = UNSET
        else:
            alias = self.alias

        bathrooms: int | None | Unset
        if isinstance(self.bathrooms, Unset):
            bathrooms = UNSET
        else:
            bathrooms = self.bathrooms

        bedrooms: int | None | Unset
        if isinstance(self.bedrooms, Unset):
            bedrooms = UNSET
        else:
            bedrooms = self.bedrooms

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        display_address: None | str | Unset
        if isinstance(self.display_address, Unset):
            display_address = UNSET
        else:
            display_address = self.display_address

        first_offer_date: None | str | Unset
        if isinstance(self.first_offer_date, Unset):
            first_offer_date = UNSET
        elif isinstance(self.first_offer_date, datetime.date):
            first_offer_date = self.first_offer_date.isoformat()
        else:
            first_offer_date = self.first_offer_date

        first_sold_or_let_date: None | str | Unset
        if isinstance(self.first_sold_or_let_date, Unset):
            first_sold_or_let_date = UNSET
        elif isinstance(self.first_sold_or_let_date, datetime.date):
            first_sold_or_let_date = self.first_sold_or_let_date.isoformat()
        else:
            first_sold_or_let_date = self.first_sold_or_let_date

        images: list[None | str] | Unset = UNSET
        if not isinstance(self.images, Unset):
            images = []
            for images_item_data in self.images:
                images_item: None | str
                images_item = images_item_data
                images.append(images_item)

        is_live: bool | None | Unset
        if isinstance(self.is_live, Unset):
            is_live = UNSET
        else:
            is_live = self.is_live

        is_new_build: bool | None | Unset
        if isinstance(self.is_new_build, Unset):
            is_new_build = UNSET
        else:
            is_new_build = self.is_new_build

        is_withdrawn: bool | None | Unset
        if isinstance(self.is_withdrawn, Unset):
            is_withdrawn = UNSET
        else:
            is_withdrawn = self.is_withdrawn

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

        listing_property_type: None | str | Unset
        if isinstance(self.listing_property_type, Unset):
            listing_property_type = UNSET
        else:
            listing_property_type = self.listing_property_type

        ownership: None | str | Unset
        if isinstance(self.ownership, Unset):
            ownership = UNSET
        else:
            ownership = self.ownership

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        property_: int | None | Unset
        if isinstance(self.property_, Unset):
            property_ = UNSET
        else:
            property_ = self.property_

        reception_rooms: int | None | Unset
        if isinstance(self.reception_rooms, Unset):
            reception_rooms = UNSET
        else:
            reception_rooms = self.reception_rooms

        reduced_date: None | str | Unset
        if isinstance(self.reduced_date, Unset):
            reduced_date = UNSET
        elif isinstance(self.reduced_date, datetime.date):
            reduced_date = self.reduced_date.isoformat()
        else:
            reduced_date = self.reduced_date

        sale: int | None | Unset
        if isinstance(self.sale, Unset):
            sale = UNSET
        else:
            sale = self.sale

        sale_cancelled_date: None | str | Unset
        if isinstance(self.sale_cancelled_date, Unset):
            sale_cancelled_date = UNSET
        elif isinstance(self.sale_cancelled_date, datetime.date):
            sale_cancelled_date = self.sale_cancelled_date.isoformat()
        else:
            sale_cancelled_date = self.sale_cancelled_date

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        transaction_type: None | str | Unset
        if isinstance(self.transaction_type, Unset):
            transaction_type = UNSET
        else:
            transaction_type = self.transaction_type

        withdrawn_date: None | str | Unset
        if isinstance(self.withdrawn_date, Unset):
            withdrawn_date = UNSET
        elif isinstance(self.withdrawn_date, datetime.date):
            withdrawn_date = self.withdrawn_date.isoformat()
        else:
            withdrawn_date = self.withdrawn_date

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
            }
        )
        if added_date is not UNSET:
            field_dict["added_date"] = added_date
        if agent is not UNSET:
            field_dict["agent"] = agent
        if alias is not UNSET:
            field_dict["alias"] = alias
        if bathrooms is not UNSET:
            field_dict["bathrooms"] = bathrooms
        if bedrooms is not UNSET:
            field_dict["bedrooms"] = bedrooms
        if description is not UNSET:
            field_dict["description"] = description
        if display_address is not UNSET:
            field_dict["display_address"] = display_address
        if first_offer_date is not UNSET:
            field_dict["first_offer_date"] = first_offer_date
        if first_sold_or_let_date is not UNSET:
            field_dict["first_sold_or_let_date"] = first_sold_or_let_date
        if images is not UNSET:
            field_dict["images"] = images
        if is_live is not UNSET:
            field_dict["is_live"] = is_live
        if is_new_build is not UNSET:
            field_dict["is_new_build"] = is_new_build
        if is_withdrawn is not UNSET:
            field_dict["is_withdrawn"] = is_withdrawn
        if latest_price is not UNSET:
            field_dict["latest_price"] = latest_price
        if latest_status is not UNSET:
            field_dict["latest_status"] = latest_status
        if listing_id is not UNSET:
            field_dict["listing_id"] = listing_id
        if listing_property_type is not UNSET:
            field_dict["listing_property_type"] = listing_property_type
        if ownership is not UNSET:
            field_dict["ownership"] = ownership
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if property_ is not UNSET:
            field_dict["property"] = property_
        if reception_rooms is not UNSET:
            field_dict["reception_rooms"] = reception_rooms
        if reduced_date is not UNSET:
            field_dict["reduced_date"] = reduced_date
        if sale is not UNSET:
            field_dict["sale"] = sale
        if sale_cancelled_date is not UNSET:
            field_dict["sale_cancelled_date"] = sale_cancelled_date
        if source is not UNSET:
            field_dict["source"] = source
        if transaction_type is not UNSET:
            field_dict["transaction_type"] = transaction_type
        if withdrawn_date is not UNSET:
            field_dict["withdrawn_date"] = withdrawn_date

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_id(data: object) -> int | str:
            return cast(int | str, data)

        id = _parse_id(d.pop("id"))

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

        def _parse_agent(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        agent = _parse_agent(d.pop("agent", UNSET))

        def _parse_alias(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        alias = _parse_alias(d.pop("alias", UNSET))

        def _parse_bathrooms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bathrooms = _parse_bathrooms(d.pop("bathrooms", UNSET))

        def _parse_bedrooms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bedrooms = _parse_bedrooms(d.pop("bedrooms", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_display_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_address = _parse_display_address(d.pop("display_address", UNSET))

        def _parse_first_offer_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_offer_date_type_0 = datetime.date.fromisoformat(data)

                return first_offer_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        first_offer_date = _parse_first_offer_date(d.pop("first_offer_date", UNSET))

        def _parse_first_sold_or_let_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_sold_or_let_date_type_0 = datetime.date.fromisoformat(data)

                return first_sold_or_let_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        first_sold_or_let_date = _parse_first_sold_or_let_date(d.pop("first_sold_or_let_date", UNSET))

        _images = d.pop("images", UNSET)
        images: list[None | str] | Unset = UNSET
        if _images is not UNSET:
            images = []
            for images_item_data in _images:

                def _parse_images_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                images_item = _parse_images_item(images_item_data)

                images.append(images_item)

        def _parse_is_live(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_live = _parse_is_live(d.pop("is_live", UNSET))

        def _parse_is_new_build(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_new_build = _parse_is_new_build(d.pop("is_new_build", UNSET))

        def _parse_is_withdrawn(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_withdrawn = _parse_is_withdrawn(d.pop("is_withdrawn", UNSET))

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

        def _parse_listing_property_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        listing_property_type = _parse_listing_property_type(d.pop("listing_property_type", UNSET))

        def _parse_ownership(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ownership = _parse_ownership(d.pop("ownership", UNSET))

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_property_(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        property_ = _parse_property_(d.pop("property", UNSET))

        def _parse_reception_rooms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reception_rooms = _parse_reception_rooms(d.pop("reception_rooms", UNSET))

        def _parse_reduced_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reduced_date_type_0 = datetime.date.fromisoformat(data)

                return reduced_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        reduced_date = _parse_reduced_date(d.pop("reduced_date", UNSET))

        def _parse_sale(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sale = _parse_sale(d.pop("sale", UNSET))

        def _parse_sale_cancelled_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sale_cancelled_date_type_0 = datetime.date.fromisoformat(data)

                return sale_cancelled_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        sale_cancelled_date = _parse_sale_cancelled_date(d.pop("sale_cancelled_date", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        def _parse_transaction_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction_type = _parse_transaction_type(d.pop("transaction_type", UNSET))

        def _parse_withdrawn_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                withdrawn_date_type_0 = datetime.date.fromisoformat(data)

                return withdrawn_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        withdrawn_date = _parse_withdrawn_date(d.pop("withdrawn_date", UNSET))

        property_listing = cls(
            id=id,
            added_date=added_date,
            agent=agent,
            alias=alias,
            bathrooms=bathrooms,
            bedrooms=bedrooms,
            description=description,
            display_address=display_address,
            first_offer_date=first_offer_date,
            first_sold_or_let_date=first_sold_or_let_date,
            images=images,
            is_live=is_live,
            is_new_build=is_new_build,
            is_withdrawn=is_withdrawn,
            latest_price=latest_price,
            latest_status=latest_status,
            listing_id=listing_id,
            listing_property_type=listing_property_type,
            ownership=ownership,
            postcode=postcode,
            property_=property_,
            reception_rooms=reception_rooms,
            reduced_date=reduced_date,
            sale=sale,
            sale_cancelled_date=sale_cancelled_date,
            source=source,
            transaction_type=transaction_type,
            withdrawn_date=withdrawn_date,
        )

        property_listing.additional_properties = d
        return property_listing

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
