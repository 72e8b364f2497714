from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportResultDataItem")


@_attrs_define
class ExportResultDataItem:
    """
    Attributes:
        address (None | str | Unset):
        agent (None | str | Unset):
        agent_branch (None | str | Unset):
        bathrooms (int | None | Unset):
        bedrooms (int | None | Unset):
        construction_age (None | str | Unset):
        dom (int | None | Unset): Days on market.
        has_address_match (bool | None | Unset):
        lat (float | None | Unset):
        listed_date (None | str | Unset):
        listing_id (None | str | Unset):
        lng (float | None | Unset):
        original_price (int | None | Unset):
        postcode (None | str | Unset):
        price (int | None | Unset):
        property_type (None | str | Unset):
        reductions (int | None | Unset):
        status (None | str | Unset):
        transaction_type (None | str | Unset):
        uprn (int | None | Unset):
    """

    address: None | str | Unset = UNSET
    agent: None | str | Unset = UNSET
    agent_branch: None | str | Unset = UNSET
    bathrooms: int | None | Unset = UNSET
    bedrooms: int | None | Unset = UNSET
    construction_age: None | str | Unset = UNSET
    dom: int | None | Unset = UNSET
    has_address_match: bool | None | Unset = UNSET
    lat: float | None | Unset = UNSET
    listed_date: None | str | Unset = UNSET
    listing_id: None | str | Unset = UNSET
    lng: float | None | Unset = UNSET
    original_price: int | None | Unset = UNSET
    postcode: None | str | Unset = UNSET
    price: int | None | Unset = UNSET
    property_type: None | str | Unset = UNSET
    reductions: int | None | Unset = UNSET
    status: None | str | Unset = UNSET
    transaction_type: None | str | Unset = UNSET
    uprn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        agent: None | str | Unset
        if isinstance(self.agent, Unset):
            agent = UNSET
        else:
            agent = self.agent

        agent_branch: None | str | Unset
        if isinstance(self.agent_branch, Unset):
            agent_branch = UNSET
        else:
            agent_branch = self.agent_branch

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

        construction_age: None | str | Unset
        if isinstance(self.construction_age, Unset):
            construction_age = UNSET
        else:
            construction_age = self.construction_age

        dom: int | None | Unset
        if isinstance(self.dom, Unset):
            dom = UNSET
        else:
            dom = self.dom

        has_address_match: bool | None | Unset
        if isinstance(self.has_address_match, Unset):
            has_address_match = UNSET
        else:
            has_address_match = self.has_address_match

        lat: float | None | Unset
        if isinstance(self.lat, Unset):
            lat = UNSET
        else:
            lat = self.lat

        listed_date: None | str | Unset
        if isinstance(self.listed_date, Unset):
            listed_date = UNSET
        else:
            listed_date = self.listed_date

        listing_id: None | str | Unset
        if isinstance(self.listing_id, Unset):
            listing_id = UNSET
        else:
            listing_id = self.listing_id

        lng: float | None | Unset
        if isinstance(self.lng, Unset):
            lng = UNSET
        else:
            lng = self.lng

        original_price: int | None | Unset
        if isinstance(self.original_price, Unset):
            original_price = UNSET
        else:
            original_price = self.original_price

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        price: int | None | Unset
        if isinstance(self.price, Unset):
            price = UNSET
        else:
            price = self.price

        property_type: None | str | Unset
        if isinstance(self.property_type, Unset):
            property_type = UNSET
        else:
            property_type = self.property_type

        reductions: int | None | Unset
        if isinstance(self.reductions, Unset):
            reductions = UNSET
        else:
            reductions = self.reductions

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        else:
            status = self.status

        transaction_type: None | str | Unset
        if isinstance(self.transaction_type, Unset):
            transaction_type = UNSET
        else:
            transaction_type = self.transaction_type

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
        if agent is not UNSET:
            field_dict["agent"] = agent
        if agent_branch is not UNSET:
            field_dict["agent_branch"] = agent_branch
        if bathrooms is not UNSET:
            field_dict["bathrooms"] = bathrooms
        if bedrooms is not UNSET:
            field_dict["bedrooms"] = bedrooms
        if construction_age is not UNSET:
            field_dict["construction_age"] = construction_age
        if dom is not UNSET:
            field_dict["dom"] = dom
        if has_address_match is not UNSET:
            field_dict["has_address_match"] = has_address_match
        if lat is not UNSET:
            field_dict["lat"] = lat
        if listed_date is not UNSET:
            field_dict["listed_date"] = listed_date
        if listing_id is not UNSET:
            field_dict["listing_id"] = listing_id
        if lng is not UNSET:
            field_dict["lng"] = lng
        if original_price is not UNSET:
            field_dict["original_price"] = original_price
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if price is not UNSET:
            field_dict["price"] = price
        if property_type is not UNSET:
            field_dict["property_type"] = property_type
        if reductions is not UNSET:
            field_dict["reductions"] = reductions
        if status is not UNSET:
            field_dict["status"] = status
        if transaction_type is not UNSET:
            field_dict["transaction_type"] = transaction_type
        if uprn is not UNSET:
            field_dict["uprn"] = uprn

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

        def _parse_agent(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agent = _parse_agent(d.pop("agent", UNSET))

        def _parse_agent_branch(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agent_branch = _parse_agent_branch(d.pop("agent_branch", UNSET))

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

        def _parse_construction_age(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        construction_age = _parse_construction_age(d.pop("construction_age", UNSET))

        def _parse_dom(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dom = _parse_dom(d.pop("dom", UNSET))

        def _parse_has_address_match(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        has_address_match = _parse_has_address_match(d.pop("has_address_match", UNSET))

        def _parse_lat(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lat = _parse_lat(d.pop("lat", UNSET))

        def _parse_listed_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        listed_date = _parse_listed_date(d.pop("listed_date", UNSET))

        def _parse_listing_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        listing_id = _parse_listing_id(d.pop("listing_id", UNSET))

        def _parse_lng(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lng = _parse_lng(d.pop("lng", UNSET))

        def _parse_original_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        original_price = _parse_original_price(d.pop("original_price", UNSET))

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        price = _parse_price(d.pop("price", UNSET))

        def _parse_property_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        property_type = _parse_property_type(d.pop("property_type", UNSET))

        def _parse_reductions(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reductions = _parse_reductions(d.pop("reductions", UNSET))

        def _parse_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        def _parse_transaction_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction_type = _parse_transaction_type(d.pop("transaction_type", UNSET))

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

        export_result_data_item = cls(
            address=address,
            agent=agent,
            agent_branch=agent_branch,
            bathrooms=bathrooms,
            bedrooms=bedrooms,
            construction_age=construction_age,
            dom=dom,
            has_address_match=has_address_match,
            lat=lat,
            listed_date=listed_date,
            listing_id=listing_id,
            lng=lng,
            original_price=original_price,
            postcode=postcode,
            price=price,
            property_type=property_type,
            reductions=reductions,
            status=status,
            transaction_type=transaction_type,
            uprn=uprn,
        )

        export_result_data_item.additional_properties = d
        return export_result_data_item

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
