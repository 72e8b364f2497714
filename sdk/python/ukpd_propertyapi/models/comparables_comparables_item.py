from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.comparables_comparables_item_latest_listing_type_0 import ComparablesComparablesItemLatestListingType0
    from ..models.comparables_comparables_item_title_type_0 import ComparablesComparablesItemTitleType0


T = TypeVar("T", bound="ComparablesComparablesItem")


@_attrs_define
class ComparablesComparablesItem:
    """
    Attributes:
        address (None | str | Unset):
        bathrooms (int | None | Unset):
        bedrooms (int | None | Unset):
        construction_age_band (None | str | Unset):
        current_energy_efficiency (int | None | Unset):
        distance_meters (float | None | Unset):
        epc_floor_area (float | None | Unset):
        is_complete (bool | None | Unset):
        latest_listing (ComparablesComparablesItemLatestListingType0 | None | Unset):
        listing_price (int | None | Unset):
        postcode (None | str | Unset):
        property_type (None | str | Unset):
        sale_id (int | None | Unset):
        sold_let_date (datetime.date | None | Unset):
        sold_let_price (int | None | Unset):
        title (ComparablesComparablesItemTitleType0 | None | Unset):
        transaction_type (None | str | Unset):
        txid (None | str | Unset):
        uprn (int | None | Unset):
    """

    address: None | str | Unset = UNSET
    bathrooms: int | None | Unset = UNSET
    bedrooms: int | None | Unset = UNSET
    construction_age_band: None | str | Unset = UNSET
    current_energy_efficiency: int | None | Unset = UNSET
    distance_meters: float | None | Unset = UNSET
    epc_floor_area: float | None | Unset = UNSET
    is_complete: bool | None | Unset = UNSET
    latest_listing: ComparablesComparablesItemLatestListingType0 | None | Unset = UNSET
    listing_price: int | None | Unset = UNSET
    postcode: None | str | Unset = UNSET
    property_type: None | str | Unset = UNSET
    sale_id: int | None | Unset = UNSET
    sold_let_date: datetime.date | None | Unset = UNSET
    sold_let_price: int | None | Unset = UNSET
    title: ComparablesComparablesItemTitleType0 | None | Unset = UNSET
    transaction_type: None | str | Unset = UNSET
    txid: None | str | Unset = UNSET
    uprn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.comparables_comparables_item_latest_listing_type_0 import (
            ComparablesComparablesItemLatestListingType0,  # noqa: PLC0415
        )
        from ..models.comparables_comparables_item_title_type_0 import ComparablesComparablesItemTitleType0  # noqa: PLC0415

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

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

        construction_age_band: None | str | Unset
        if isinstance(self.construction_age_band, Unset):
            construction_age_band = UNSET
        else:
            construction_age_band = self.construction_age_band

        current_energy_efficiency: int | None | Unset
        if isinstance(self.current_energy_efficiency, Unset):
            current_energy_efficiency = UNSET
        else:
            current_energy_efficiency = self.current_energy_efficiency

        distance_meters: float | None | Unset
        if isinstance(self.distance_meters, Unset):
            distance_meters = UNSET
        else:
            distance_meters = self.distance_meters

        epc_floor_area: float | None | Unset
        if isinstance(self.epc_floor_area, Unset):
            epc_floor_area = UNSET
        else:
            epc_floor_area = self.epc_floor_area

        is_complete: bool | None | Unset
        if isinstance(self.is_complete, Unset):
            is_complete = UNSET
        else:
            is_complete = self.is_complete

        latest_listing: dict[str, Any] | None | Unset
        if isinstance(self.latest_listing, Unset):
            latest_listing = UNSET
        elif isinstance(self.latest_listing, ComparablesComparablesItemLatestListingType0):
            latest_listing = self.latest_listing.to_dict()
        else:
            latest_listing = self.latest_listing

        listing_price: int | None | Unset
        if isinstance(self.listing_price, Unset):
            listing_price = UNSET
        else:
            listing_price = self.listing_price

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

        sale_id: int | None | Unset
        if isinstance(self.sale_id, Unset):
            sale_id = UNSET
        else:
            sale_id = self.sale_id

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

        title: dict[str, Any] | None | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        elif isinstance(self.title, ComparablesComparablesItemTitleType0):
            title = self.title.to_dict()
        else:
            title = self.title

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

        uprn: int | None | Unset
        if isinstance(self.uprn, Unset):
            uprn = UNSET
        else:
            uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if address is not UNSET:
            field_dict["address"] = address
        if bathrooms is not UNSET:
            field_dict["bathrooms"] = bathrooms
        if bedrooms is not UNSET:
            field_dict["bedrooms"] = bedrooms
        if construction_age_band is not UNSET:
            field_dict["construction_age_band"] = construction_age_band
        if current_energy_efficiency is not UNSET:
            field_dict["current_energy_efficiency"] = current_energy_efficiency
        if distance_meters is not UNSET:
            field_dict["distance_meters"] = distance_meters
        if epc_floor_area is not UNSET:
            field_dict["epc_floor_area"] = epc_floor_area
        if is_complete is not UNSET:
            field_dict["is_complete"] = is_complete
        if latest_listing is not UNSET:
            field_dict["latest_listing"] = latest_listing
        if listing_price is not UNSET:
            field_dict["listing_price"] = listing_price
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if property_type is not UNSET:
            field_dict["property_type"] = property_type
        if sale_id is not UNSET:
            field_dict["sale_id"] = sale_id
        if sold_let_date is not UNSET:
            field_dict["sold_let_date"] = sold_let_date
        if sold_let_price is not UNSET:
            field_dict["sold_let_price"] = sold_let_price
        if title is not UNSET:
            field_dict["title"] = title
        if transaction_type is not UNSET:
            field_dict["transaction_type"] = transaction_type
        if txid is not UNSET:
            field_dict["txid"] = txid
        if uprn is not UNSET:
            field_dict["uprn"] = uprn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.comparables_comparables_item_latest_listing_type_0 import (
            ComparablesComparablesItemLatestListingType0,  # noqa: PLC0415
        )
        from ..models.comparables_comparables_item_title_type_0 import ComparablesComparablesItemTitleType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

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

        def _parse_construction_age_band(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        construction_age_band = _parse_construction_age_band(d.pop("construction_age_band", UNSET))

        def _parse_current_energy_efficiency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        current_energy_efficiency = _parse_current_energy_efficiency(d.pop("current_energy_efficiency", UNSET))

        def _parse_distance_meters(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance_meters = _parse_distance_meters(d.pop("distance_meters", UNSET))

        def _parse_epc_floor_area(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        epc_floor_area = _parse_epc_floor_area(d.pop("epc_floor_area", UNSET))

        def _parse_is_complete(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_complete = _parse_is_complete(d.pop("is_complete", UNSET))

        def _parse_latest_listing(data: object) -> ComparablesComparablesItemLatestListingType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                latest_listing_type_0 = ComparablesComparablesItemLatestListingType0.from_dict(data)

                return latest_listing_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ComparablesComparablesItemLatestListingType0 | None | Unset, data)

        latest_listing = _parse_latest_listing(d.pop("latest_listing", UNSET))

        def _parse_listing_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        listing_price = _parse_listing_price(d.pop("listing_price", UNSET))

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

        def _parse_sale_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sale_id = _parse_sale_id(d.pop("sale_id", UNSET))

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

        def _parse_title(data: object) -> ComparablesComparablesItemTitleType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                title_type_0 = ComparablesComparablesItemTitleType0.from_dict(data)

                return title_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ComparablesComparablesItemTitleType0 | None | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

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

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

        comparables_comparables_item = cls(
            address=address,
            bathrooms=bathrooms,
            bedrooms=bedrooms,
            construction_age_band=construction_age_band,
            current_energy_efficiency=current_energy_efficiency,
            distance_meters=distance_meters,
            epc_floor_area=epc_floor_area,
            is_complete=is_complete,
            latest_listing=latest_listing,
            listing_price=listing_price,
            postcode=postcode,
            property_type=property_type,
            sale_id=sale_id,
            sold_let_date=sold_let_date,
            sold_let_price=sold_let_price,
            title=title,
            transaction_type=transaction_type,
            txid=txid,
            uprn=uprn,
        )

        comparables_comparables_item.additional_properties = d
        return comparables_comparables_item

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
