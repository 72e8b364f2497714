from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.building_flats_item import BuildingFlatsItem


T = TypeVar("T", bound="PropertyRecord")


@_attrs_define
class PropertyRecord:
    """The flat property record (spec 2.1) and further documented fields.

    Attributes:
        uprn (int):
        address (None | str | Unset):
        bathrooms (int | None | Unset):
        bedrooms (int | None | Unset):
        building_name (None | str | Unset):
        built_form (None | str | Unset):
        construction_age_band (None | str | Unset):
        council_tax_band (None | str | Unset):
        current_energy_efficiency (int | None | Unset):
        current_energy_rating (None | str | Unset):
        epc_floor_area (float | None | Unset):
        flat_count (int | None | Unset): Dwellings in a building; null for a dwelling.
        flats (list[BuildingFlatsItem] | Unset): The flats of a building (at most 500), empty for a dwelling.
        full_address (None | str | Unset):
        habitable_rooms (int | None | Unset):
        has_garden (bool | None | Unset):
        has_parking (bool | None | Unset):
        internal_area_sqm (float | None | Unset):
        is_building (bool | Unset): true for a whole building (a block of flats): its record holds address, location,
            classification, title and area codes; per-dwelling fields are null and per-dwelling endpoints answer 422
            uprn_is_building.
        last_sold_date (datetime.date | None | Unset):
        last_sold_price (int | None | Unset):
        latitude (float | None | Unset):
        longitude (float | None | Unset):
        outward_postcode (None | str | Unset):
        parent_uprn (int | None | Unset): The building of a flat
        postcode (None | str | Unset):
        potential_energy_efficiency (int | None | Unset):
        property_type (None | str | Unset):
        street_name (None | str | Unset):
        tenure (None | str | Unset):
        town_name (None | str | Unset):
        udprn (int | None | Unset):
        usrn (int | None | Unset):
        windows_type (None | str | Unset):
    """

    uprn: int
    address: None | str | Unset = UNSET
    bathrooms: int | None | Unset = UNSET
    bedrooms: int | None | Unset = UNSET
    building_name: None | str | Unset = UNSET
    built_form: None | str | Unset = UNSET
    construction_age_band: None | str | Unset = UNSET
    council_tax_band: None | str | Unset = UNSET
    current_energy_efficiency: int | None | Unset = UNSET
    current_energy_rating: None | str | Unset = UNSET
    epc_floor_area: float | None | Unset = UNSET
    flat_count: int | None | Unset = UNSET
    flats: list[BuildingFlatsItem] | Unset = UNSET
    full_address: None | str | Unset = UNSET
    habitable_rooms: int | None | Unset = UNSET
    has_garden: bool | None | Unset = UNSET
    has_parking: bool | None | Unset = UNSET
    internal_area_sqm: float | None | Unset = UNSET
    is_building: bool | Unset = UNSET
    last_sold_date: datetime.date | None | Unset = UNSET
    last_sold_price: int | None | Unset = UNSET
    latitude: float | None | Unset = UNSET
    longitude: float | None | Unset = UNSET
    outward_postcode: None | str | Unset = UNSET
    parent_uprn: int | None | Unset = UNSET
    postcode: None | str | Unset = UNSET
    potential_energy_efficiency: int | None | Unset = UNSET
    property_type: None | str | Unset = UNSET
    street_name: None | str | Unset = UNSET
    tenure: None | str | Unset = UNSET
    town_name: None | str | Unset = UNSET
    udprn: int | None | Unset = UNSET
    usrn: int | None | Unset = UNSET
    windows_type: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        uprn = self.uprn

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

        building_name: None | str | Unset
        if isinstance(self.building_name, Unset):
            building_name = UNSET
        else:
            building_name = self.building_name

        built_form: None | str | Unset
        if isinstance(self.built_form, Unset):
            built_form = UNSET
        else:
            built_form = self.built_form

        construction_age_band: None | str | Unset
        if isinstance(self.construction_age_band, Unset):
            construction_age_band = UNSET
        else:
            construction_age_band = self.construction_age_band

        council_tax_band: None | str | Unset
        if isinstance(self.council_tax_band, Unset):
            council_tax_band = UNSET
        else:
            council_tax_band = self.council_tax_band

        current_energy_efficiency: int | None | Unset
        if isinstance(self.current_energy_efficiency, Unset):
            current_energy_efficiency = UNSET
        else:
            current_energy_efficiency = self.current_energy_efficiency

        current_energy_rating: None | str | Unset
        if isinstance(self.current_energy_rating, Unset):
            current_energy_rating = UNSET
        else:
            current_energy_rating = self.current_energy_rating

        epc_floor_area: float | None | Unset
        if isinstance(self.epc_floor_area, Unset):
            epc_floor_area = UNSET
        else:
            epc_floor_area = self.epc_floor_area

        flat_count: int | None | Unset
        if isinstance(self.flat_count, Unset):
            flat_count = UNSET
        else:
            flat_count = self.flat_count

        flats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.flats, Unset):
            flats = []
            for componentsschemas_building_flats_item_data in self.flats:
                componentsschemas_building_flats_item = componentsschemas_building_flats_item_data.to_dict()
                flats.append(componentsschemas_building_flats_item)

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

        has_garden: bool | None | Unset
        if isinstance(self.has_garden, Unset):
            has_garden = UNSET
        else:
            has_garden = self.has_garden

        has_parking: bool | None | Unset
        if isinstance(self.has_parking, Unset):
            has_parking = UNSET
        else:
            has_parking = self.has_parking

        internal_area_sqm: float | None | Unset
        if isinstance(self.internal_area_sqm, Unset):
            internal_area_sqm = UNSET
        else:
            internal_area_sqm = self.internal_area_sqm

        is_building = self.is_building

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

        parent_uprn: int | None | Unset
        if isinstance(self.parent_uprn, Unset):
            parent_uprn = UNSET
        else:
            parent_uprn = self.parent_uprn

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

        tenure: None | str | Unset
        if isinstance(self.tenure, Unset):
            tenure = UNSET
        else:
            tenure = self.tenure

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

        windows_type: None | str | Unset
        if isinstance(self.windows_type, Unset):
            windows_type = UNSET
        else:
            windows_type = self.windows_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uprn": uprn,
            }
        )
        if address is not UNSET:
            field_dict["address"] = address
        if bathrooms is not UNSET:
            field_dict["bathrooms"] = bathrooms
        if bedrooms is not UNSET:
            field_dict["bedrooms"] = bedrooms
        if building_name is not UNSET:
            field_dict["building_name"] = building_name
        if built_form is not UNSET:
            field_dict["built_form"] = built_form
        if construction_age_band is not UNSET:
            field_dict["construction_age_band"] = construction_age_band
        if council_tax_band is not UNSET:
            field_dict["council_tax_band"] = council_tax_band
        if current_energy_efficiency is not UNSET:
            field_dict["current_energy_efficiency"] = current_energy_efficiency
        if current_energy_rating is not UNSET:
            field_dict["current_energy_rating"] = current_energy_rating
        if epc_floor_area is not UNSET:
            field_dict["epc_floor_area"] = epc_floor_area
        if flat_count is not UNSET:
            field_dict["flat_count"] = flat_count
        if flats is not UNSET:
            field_dict["flats"] = flats
        if full_address is not UNSET:
            field_dict["full_address"] = full_address
        if habitable_rooms is not UNSET:
            field_dict["habitable_rooms"] = habitable_rooms
        if has_garden is not UNSET:
            field_dict["has_garden"] = has_garden
        if has_parking is not UNSET:
            field_dict["has_parking"] = has_parking
        if internal_area_sqm is not UNSET:
            field_dict["internal_area_sqm"] = internal_area_sqm
        if is_building is not UNSET:
            field_dict["is_building"] = is_building
        if last_sold_date is not UNSET:
            field_dict["last_sold_date"] = last_sold_date
        if last_sold_price is not UNSET:
            field_dict["last_sold_price"] = last_sold_price
        if latitude is not UNSET:
            field_dict["latitude"] = latitude
        if longitude is not UNSET:
            field_dict["longitude"] = longitude
        if outward_postcode is not UNSET:
            field_dict["outward_postcode"] = outward_postcode
        if parent_uprn is not UNSET:
            field_dict["parent_uprn"] = parent_uprn
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if potential_energy_efficiency is not UNSET:
            field_dict["potential_energy_efficiency"] = potential_energy_efficiency
        if property_type is not UNSET:
            field_dict["property_type"] = property_type
        if street_name is not UNSET:
            field_dict["street_name"] = street_name
        if tenure is not UNSET:
            field_dict["tenure"] = tenure
        if town_name is not UNSET:
            field_dict["town_name"] = town_name
        if udprn is not UNSET:
            field_dict["udprn"] = udprn
        if usrn is not UNSET:
            field_dict["usrn"] = usrn
        if windows_type is not UNSET:
            field_dict["windows_type"] = windows_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.building_flats_item import BuildingFlatsItem  # noqa: PLC0415

        d = dict(src_dict)
        uprn = d.pop("uprn")

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

        def _parse_building_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        building_name = _parse_building_name(d.pop("building_name", UNSET))

        def _parse_built_form(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        built_form = _parse_built_form(d.pop("built_form", UNSET))

        def _parse_construction_age_band(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        construction_age_band = _parse_construction_age_band(d.pop("construction_age_band", UNSET))

        def _parse_council_tax_band(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        council_tax_band = _parse_council_tax_band(d.pop("council_tax_band", UNSET))

        def _parse_current_energy_efficiency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        current_energy_efficiency = _parse_current_energy_efficiency(d.pop("current_energy_efficiency", UNSET))

        def _parse_current_energy_rating(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        current_energy_rating = _parse_current_energy_rating(d.pop("current_energy_rating", UNSET))

        def _parse_epc_floor_area(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        epc_floor_area = _parse_epc_floor_area(d.pop("epc_floor_area", UNSET))

        def _parse_flat_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        flat_count = _parse_flat_count(d.pop("flat_count", UNSET))

        _flats = d.pop("flats", UNSET)
        flats: list[BuildingFlatsItem] | Unset = UNSET
        if _flats is not UNSET:
            flats = []
            for componentsschemas_building_flats_item_data in _flats:
                componentsschemas_building_flats_item = BuildingFlatsItem.from_dict(
                    componentsschemas_building_flats_item_data
                )

                flats.append(componentsschemas_building_flats_item)

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

        def _parse_has_garden(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        has_garden = _parse_has_garden(d.pop("has_garden", UNSET))

        def _parse_has_parking(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        has_parking = _parse_has_parking(d.pop("has_parking", UNSET))

        def _parse_internal_area_sqm(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        internal_area_sqm = _parse_internal_area_sqm(d.pop("internal_area_sqm", UNSET))

        is_building = d.pop("is_building", UNSET)

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

        def _parse_parent_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        parent_uprn = _parse_parent_uprn(d.pop("parent_uprn", UNSET))

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

        def _parse_tenure(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tenure = _parse_tenure(d.pop("tenure", UNSET))

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

        def _parse_windows_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        windows_type = _parse_windows_type(d.pop("windows_type", UNSET))

        property_record = cls(
            uprn=uprn,
            address=address,
            bathrooms=bathrooms,
            bedrooms=bedrooms,
            building_name=building_name,
            built_form=built_form,
            construction_age_band=construction_age_band,
            council_tax_band=council_tax_band,
            current_energy_efficiency=current_energy_efficiency,
            current_energy_rating=current_energy_rating,
            epc_floor_area=epc_floor_area,
            flat_count=flat_count,
            flats=flats,
            full_address=full_address,
            habitable_rooms=habitable_rooms,
            has_garden=has_garden,
            has_parking=has_parking,
            internal_area_sqm=internal_area_sqm,
            is_building=is_building,
            last_sold_date=last_sold_date,
            last_sold_price=last_sold_price,
            latitude=latitude,
            longitude=longitude,
            outward_postcode=outward_postcode,
            parent_uprn=parent_uprn,
            postcode=postcode,
            potential_energy_efficiency=potential_energy_efficiency,
            property_type=property_type,
            street_name=street_name,
            tenure=tenure,
            town_name=town_name,
            udprn=udprn,
            usrn=usrn,
            windows_type=windows_type,
        )

        property_record.additional_properties = d
        return property_record

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
