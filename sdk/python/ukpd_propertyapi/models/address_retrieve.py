from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.address_retrieve_level import AddressRetrieveLevel, check_address_retrieve_level
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddressRetrieve")


@_attrs_define
class AddressRetrieve:
    """Level address fields; level property and full add the fields below them (spec 2.2).

    Attributes:
        uprn (int):
        address_line_1 (None | str | Unset):
        address_line_2 (None | str | Unset):
        address_line_3 (None | str | Unset):
        bathrooms (int | None | Unset):
        bedrooms (int | None | Unset):
        building_name (None | str | Unset):
        building_number (None | str | Unset):
        classification_code (None | str | Unset):
        current_energy_efficiency (int | None | Unset):
        epc_floor_area (float | None | Unset):
        floors (int | None | Unset):
        full_address (None | str | Unset):
        habitable_rooms (int | None | Unset):
        last_epc_date (datetime.date | None | Unset):
        last_sold_adjusted_price (int | None | Unset):
        last_sold_date (datetime.date | None | Unset):
        last_sold_price (int | None | Unset):
        latitude (float | None | Unset):
        level (AddressRetrieveLevel | Unset):
        locality (None | str | Unset):
        longitude (float | None | Unset):
        outward_postcode (None | str | Unset):
        post_town (None | str | Unset):
        postcode (None | str | Unset):
        potential_energy_efficiency (int | None | Unset):
        predicted_bedrooms (int | None | Unset):
        predicted_floor_area (float | None | Unset):
        property_type (None | str | Unset):
        street_name (None | str | Unset):
        sub_building (None | str | Unset):
        town_name (None | str | Unset):
        udprn (int | None | Unset):
        usrn (int | None | Unset):
    """

    uprn: int
    address_line_1: None | str | Unset = UNSET
    address_line_2: None | str | Unset = UNSET
    address_line_3: None | str | Unset = UNSET
    bathrooms: int | None | Unset = UNSET
    bedrooms: int | None | Unset = UNSET
    building_name: None | str | Unset = UNSET
    building_number: None | str | Unset = UNSET
    classification_code: None | str | Unset = UNSET
    current_energy_efficiency: int | None | Unset = UNSET
    epc_floor_area: float | None | Unset = UNSET
    floors: int | None | Unset = UNSET
    full_address: None | str | Unset = UNSET
    habitable_rooms: int | None | Unset = UNSET
    last_epc_date: datetime.date | None | Unset = UNSET
    last_sold_adjusted_price: int | None | Unset = UNSET
    last_sold_date: datetime.date | None | Unset = UNSET
    last_sold_price: int | None | Unset = UNSET
    latitude: float | None | Unset = UNSET
    level: AddressRetrieveLevel | Unset = UNSET
    locality: None | str | Unset = UNSET
    longitude: float | None | Unset = UNSET
    outward_postcode: None | str | Unset = UNSET
    post_town: None | str | Unset = UNSET
    postcode: None | str | Unset = UNSET
    potential_energy_efficiency: int | None | Unset = UNSET
    predicted_bedrooms: int | None | Unset = UNSET
    predicted_floor_area: float | None | Unset = UNSET
    property_type: None | str | Unset = UNSET
    street_name: None | str | Unset = UNSET
    sub_building: None | str | Unset = UNSET
    town_name: None | str | Unset = UNSET
    udprn: int | None | Unset = UNSET
    usrn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        uprn = self.uprn

        address_line_1: None | str | Unset
        if isinstance(self.address_line_1, Unset):
            address_line_1 = UNSET
        else:
            address_line_1 = self.address_line_1

        address_line_2: None | str | Unset
        if isinstance(self.address_line_2, Unset):
            address_line_2 = UNSET
        else:
            address_line_2 = self.address_line_2

        address_line_3: None | str | Unset
        if isinstance(self.address_line_3, Unset):
            address_line_3 = UNSET
        else:
            address_line_3 = self.address_line_3

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

        building_name: None | str | Unset
        if isinstance(self.building_name, Unset):
            building_name = UNSET
        else:
            building_name = self.building_name

        building_number: None | str | Unset
        if isinstance(self.building_number, Unset):
            building_number = UNSET
        else:
            building_number = self.building_number

        classification_code: None | str | Unset
        if isinstance(self.classification_code, Unset):
            classification_code = UNSET
        else:
            classification_code = self.classification_code

        current_energy_efficiency: int | None | Unset
        if isinstance(self.current_energy_efficiency, Unset):
            current_energy_efficiency = UNSET
        else:
            current_energy_efficiency = self.current_energy_efficiency

        epc_floor_area: float | None | Unset
        if isinstance(self.epc_floor_area, Unset):
            epc_floor_area = UNSET
        else:
            epc_floor_area = self.epc_floor_area

        floors: int | None | Unset
        if isinstance(self.floors, Unset):
            floors = UNSET
        else:
            floors = self.floors

        full_address: None | str | Unset
        if isinstance(self.full_address, Unset):
            full_address = UNSET
        else:
            full_address = self.full_address

        habitable_rooms: int | None | Unset
        if isinstance(self.habitable_rooms, Unset):
            habitable_rooms = UNSET
        else:
            habitable_rooms = self.habitable_rooms

        last_epc_date: None | str | Unset
        if isinstance(self.last_epc_date, Unset):
            last_epc_date = UNSET
        elif isinstance(self.last_epc_date, datetime.date):
            last_epc_date = self.last_epc_date.isoformat()
        else:
            last_epc_date = self.last_epc_date

        last_sold_adjusted_price: int | None | Unset
        if isinstance(self.last_sold_adjusted_price, Unset):
            last_sold_adjusted_price = UNSET
        else:
            last_sold_adjusted_price = self.last_sold_adjusted_price

        last_sold_date: None | str | Unset
        if isinstance(self.last_sold_date, Unset):
            last_sold_date = UNSET
        elif isinstance(self.last_sold_date, datetime.date):
            last_sold_date = self.last_sold_date.isoformat()
        else:
            last_sold_date = self.last_sold_date

        last_sold_price: int | None | Unset
        if isinstance(self.last_sold_price, Unset):
            last_sold_price = UNSET
        else:
            last_sold_price = self.last_sold_price

        latitude: float | None | Unset
        if isinstance(self.latitude, Unset):
            latitude = UNSET
        else:
            latitude = self.latitude

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level

        locality: None | str | Unset
        if isinstance(self.locality, Unset):
            locality = UNSET
        else:
            locality = self.locality

        longitude: float | None | Unset
        if isinstance(self.longitude, Unset):
            longitude = UNSET
        else:
            longitude = self.longitude

        outward_postcode: None | str | Unset
        if isinstance(self.outward_postcode, Unset):
            outward_postcode = UNSET
        else:
            outward_postcode = self.outward_postcode

        post_town: None | str | Unset
        if isinstance(self.post_town, Unset):
            post_town = UNSET
        else:
            post_town = self.post_town

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        potential_energy_efficiency: int | None | Unset
        if isinstance(self.potential_energy_efficiency, Unset):
            potential_energy_efficiency = UNSET
        else:
            potential_energy_efficiency = self.potential_energy_efficiency

        predicted_bedrooms: int | None | Unset
        if isinstance(self.predicted_bedrooms, Unset):
            predicted_bedrooms = UNSET
        else:
            predicted_bedrooms = self.predicted_bedrooms

        predicted_floor_area: float | None | Unset
        if isinstance(self.predicted_floor_area, Unset):
            predicted_floor_area = UNSET
        else:
            predicted_floor_area = self.predicted_floor_area

        property_type: None | str | Unset
        if isinstance(self.property_type, Unset):
            property_type = UNSET
        else:
            property_type = self.property_type

        street_name: None | str | Unset
        if isinstance(self.street_name, Unset):
            street_name = UNSET
        else:
            street_name = self.street_name

        sub_building: None | str | Unset
        if isinstance(self.sub_building, Unset):
            sub_building = UNSET
        else:
            sub_building = self.sub_building

        town_name: None | str | Unset
        if isinstance(self.town_name, Unset):
            town_name = UNSET
        else:
            town_name = self.town_name

        udprn: int | None | Unset
        if isinstance(self.udprn, Unset):
            udprn = UNSET
        else:
            udprn = self.udprn

        usrn: int | None | Unset
        if isinstance(self.usrn, Unset):
            usrn = UNSET
        else:
            usrn = self.usrn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uprn": uprn,
            }
        )
        if address_line_1 is not UNSET:
            field_dict["address_line_1"] = address_line_1
        if address_line_2 is not UNSET:
            field_dict["address_line_2"] = address_line_2
        if address_line_3 is not UNSET:
            field_dict["address_line_3"] = address_line_3
        if bathrooms is not UNSET:
            field_dict["bathrooms"] = bathrooms
        if bedrooms is not UNSET:
            field_dict["bedrooms"] = bedrooms
        if building_name is not UNSET:
            field_dict["building_name"] = building_name
        if building_number is not UNSET:
            field_dict["building_number"] = building_number
        if classification_code is not UNSET:
            field_dict["classification_code"] = classification_code
        if current_energy_efficiency is not UNSET:
            field_dict["current_energy_efficiency"] = current_energy_efficiency
        if epc_floor_area is not UNSET:
            field_dict["epc_floor_area"] = epc_floor_area
        if floors is not UNSET:
            field_dict["floors"] = floors
        if full_address is not UNSET:
            field_dict["full_address"] = full_address
        if habitable_rooms is not UNSET:
            field_dict["habitable_rooms"] = habitable_rooms
        if last_epc_date is not UNSET:
            field_dict["last_epc_date"] = last_epc_date
        if last_sold_adjusted_price is not UNSET:
            field_dict["last_sold_adjusted_price"] = last_sold_adjusted_price
        if last_sold_date is not UNSET:
            field_dict["last_sold_date"] = last_sold_date
        if last_sold_price is not UNSET:
            field_dict["last_sold_price"] = last_sold_price
        if latitude is not UNSET:
            field_dict["latitude"] = latitude
        if level is not UNSET:
            field_dict["level"] = level
        if locality is not UNSET:
            field_dict["locality"] = locality
        if longitude is not UNSET:
            field_dict["longitude"] = longitude
        if outward_postcode is not UNSET:
            field_dict["outward_postcode"] = outward_postcode
        if post_town is not UNSET:
            field_dict["post_town"] = post_town
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if potential_energy_efficiency is not UNSET:
            field_dict["potential_energy_efficiency"] = potential_energy_efficiency
        if predicted_bedrooms is not UNSET:
            field_dict["predicted_bedrooms"] = predicted_bedrooms
        if predicted_floor_area is not UNSET:
            field_dict["predicted_floor_area"] = predicted_floor_area
        if property_type is not UNSET:
            field_dict["property_type"] = property_type
        if street_name is not UNSET:
            field_dict["street_name"] = street_name
        if sub_building is not UNSET:
            field_dict["sub_building"] = sub_building
        if town_name is not UNSET:
            field_dict["town_name"] = town_name
        if udprn is not UNSET:
            field_dict["udprn"] = udprn
        if usrn is not UNSET:
            field_dict["usrn"] = usrn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        uprn = d.pop("uprn")

        def _parse_address_line_1(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address_line_1 = _parse_address_line_1(d.pop("address_line_1", UNSET))

        def _parse_address_line_2(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address_line_2 = _parse_address_line_2(d.pop("address_line_2", UNSET))

        def _parse_address_line_3(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address_line_3 = _parse_address_line_3(d.pop("address_line_3", UNSET))

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

        def _parse_building_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        building_name = _parse_building_name(d.pop("building_name", UNSET))

        def _parse_building_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        building_number = _parse_building_number(d.pop("building_number", UNSET))

        def _parse_classification_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        classification_code = _parse_classification_code(d.pop("classification_code", UNSET))

        def _parse_current_energy_efficiency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        current_energy_efficiency = _parse_current_energy_efficiency(d.pop("current_energy_efficiency", UNSET))

        def _parse_epc_floor_area(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        epc_floor_area = _parse_epc_floor_area(d.pop("epc_floor_area", UNSET))

        def _parse_floors(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        floors = _parse_floors(d.pop("floors", UNSET))

        def _parse_full_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        full_address = _parse_full_address(d.pop("full_address", UNSET))

        def _parse_habitable_rooms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        habitable_rooms = _parse_habitable_rooms(d.pop("habitable_rooms", UNSET))

        def _parse_last_epc_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_epc_date_type_0 = datetime.date.fromisoformat(data)

                return last_epc_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        last_epc_date = _parse_last_epc_date(d.pop("last_epc_date", UNSET))

        def _parse_last_sold_adjusted_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_sold_adjusted_price = _parse_last_sold_adjusted_price(d.pop("last_sold_adjusted_price", UNSET))

        def _parse_last_sold_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_sold_date_type_0 = datetime.date.fromisoformat(data)

                return last_sold_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        last_sold_date = _parse_last_sold_date(d.pop("last_sold_date", UNSET))

        def _parse_last_sold_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_sold_price = _parse_last_sold_price(d.pop("last_sold_price", UNSET))

        def _parse_latitude(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        latitude = _parse_latitude(d.pop("latitude", UNSET))

        _level = d.pop("level", UNSET)
        level: AddressRetrieveLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = check_address_retrieve_level(_level)

        def _parse_locality(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locality = _parse_locality(d.pop("locality", UNSET))

        def _parse_longitude(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        longitude = _parse_longitude(d.pop("longitude", UNSET))

        def _parse_outward_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        outward_postcode = _parse_outward_postcode(d.pop("outward_postcode", UNSET))

        def _parse_post_town(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        post_town = _parse_post_town(d.pop("post_town", UNSET))

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_potential_energy_efficiency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        potential_energy_efficiency = _parse_potential_energy_efficiency(d.pop("potential_energy_efficiency", UNSET))

        def _parse_predicted_bedrooms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        predicted_bedrooms = _parse_predicted_bedrooms(d.pop("predicted_bedrooms", UNSET))

        def _parse_predicted_floor_area(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        predicted_floor_area = _parse_predicted_floor_area(d.pop("predicted_floor_area", UNSET))

        def _parse_property_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        property_type = _parse_property_type(d.pop("property_type", UNSET))

        def _parse_street_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        street_name = _parse_street_name(d.pop("street_name", UNSET))

        def _parse_sub_building(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sub_building = _parse_sub_building(d.pop("sub_building", UNSET))

        def _parse_town_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        town_name = _parse_town_name(d.pop("town_name", UNSET))

        def _parse_udprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        udprn = _parse_udprn(d.pop("udprn", UNSET))

        def _parse_usrn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        usrn = _parse_usrn(d.pop("usrn", UNSET))

        address_retrieve = cls(
            uprn=uprn,
            address_line_1=address_line_1,
            address_line_2=address_line_2,
            address_line_3=address_line_3,
            bathrooms=bathrooms,
            bedrooms=bedrooms,
            building_name=building_name,
            building_number=building_number,
            classification_code=classification_code,
            current_energy_efficiency=current_energy_efficiency,
            epc_floor_area=epc_floor_area,
            floors=floors,
            full_address=full_address,
            habitable_rooms=habitable_rooms,
            last_epc_date=last_epc_date,
            last_sold_adjusted_price=last_sold_adjusted_price,
            last_sold_date=last_sold_date,
            last_sold_price=last_sold_price,
            latitude=latitude,
            level=level,
            locality=locality,
            longitude=longitude,
            outward_postcode=outward_postcode,
            post_town=post_town,
            postcode=postcode,
            potential_energy_efficiency=potential_energy_efficiency,
            predicted_bedrooms=predicted_bedrooms,
            predicted_floor_area=predicted_floor_area,
            property_type=property_type,
            street_name=street_name,
            sub_building=sub_building,
            town_name=town_name,
            udprn=udprn,
            usrn=usrn,
        )

        address_retrieve.additional_properties = d
        return address_retrieve

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
