from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.amenity_address_type_0 import AmenityAddressType0
    from ..models.amenity_contact_type_0 import AmenityContactType0
    from ..models.lat_lng import LatLng


T = TypeVar("T", bound="Amenity")


@_attrs_define
class Amenity:
    """
    Attributes:
        address (AmenityAddressType0 | None | Unset):
        contact (AmenityContactType0 | None | Unset):
        dispensary (bool | None | Unset):
        distance_km (float | None | Unset):
        distance_miles (float | None | Unset):
        group (None | str | Unset):
        location (LatLng | None | Unset):
        name (None | str | Unset):
        organisation_id (None | str | Unset):
        type_ (None | str | Unset):
    """

    address: AmenityAddressType0 | None | Unset = UNSET
    contact: AmenityContactType0 | None | Unset = UNSET
    dispensary: bool | None | Unset = UNSET
    distance_km: float | None | Unset = UNSET
    distance_miles: float | None | Unset = UNSET
    group: None | str | Unset = UNSET
    location: LatLng | None | Unset = UNSET
    name: None | str | Unset = UNSET
    organisation_id: None | str | Unset = UNSET
    type_: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.amenity_address_type_0 import AmenityAddressType0  # noqa: PLC0415
        from ..models.amenity_contact_type_0 import AmenityContactType0  # noqa: PLC0415
        from ..models.lat_lng import LatLng  # noqa: PLC0415

        address: dict[str, Any] | None | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        elif isinstance(self.address, AmenityAddressType0):
            address = self.address.to_dict()
        else:
            address = self.address

        contact: dict[str, Any] | None | Unset
        if isinstance(self.contact, Unset):
            contact = UNSET
        elif isinstance(self.contact, AmenityContactType0):
            contact = self.contact.to_dict()
        else:
            contact = self.contact

        dispensary: bool | None | Unset
        if isinstance(self.dispensary, Unset):
            dispensary = UNSET
        else:
            dispensary = self.dispensary

        distance_km: float | None | Unset
        if isinstance(self.distance_km, Unset):
            distance_km = UNSET
        else:
            distance_km = self.distance_km

        distance_miles: float | None | Unset
        if isinstance(self.distance_miles, Unset):
            distance_miles = UNSET
        else:
            distance_miles = self.distance_miles

        group: None | str | Unset
        if isinstance(self.group, Unset):
            group = UNSET
        else:
            group = self.group

        location: dict[str, Any] | None | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        elif isinstance(self.location, LatLng):
            location = self.location.to_dict()
        else:
            location = self.location

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        organisation_id: None | str | Unset
        if isinstance(self.organisation_id, Unset):
            organisation_id = UNSET
        else:
            organisation_id = self.organisation_id

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        else:
            type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if address is not UNSET:
            field_dict["address"] = address
        if contact is not UNSET:
            field_dict["contact"] = contact
        if dispensary is not UNSET:
            field_dict["dispensary"] = dispensary
        if distance_km is not UNSET:
            field_dict["distance_km"] = distance_km
        if distance_miles is not UNSET:
            field_dict["distance_miles"] = distance_miles
        if group is not UNSET:
            field_dict["group"] = group
        if location is not UNSET:
            field_dict["location"] = location
        if name is not UNSET:
            field_dict["name"] = name
        if organisation_id is not UNSET:
            field_dict["organisation_id"] = organisation_id
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.amenity_address_type_0 import AmenityAddressType0  # noqa: PLC0415
        from ..models.amenity_contact_type_0 import AmenityContactType0  # noqa: PLC0415
        from ..models.lat_lng import LatLng  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_address(data: object) -> AmenityAddressType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                address_type_0 = AmenityAddressType0.from_dict(data)

                return address_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AmenityAddressType0 | None | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        def _parse_contact(data: object) -> AmenityContactType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contact_type_0 = AmenityContactType0.from_dict(data)

                return contact_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AmenityContactType0 | None | Unset, data)

        contact = _parse_contact(d.pop("contact", UNSET))

        def _parse_dispensary(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        dispensary = _parse_dispensary(d.pop("dispensary", UNSET))

        def _parse_distance_km(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance_km = _parse_distance_km(d.pop("distance_km", UNSET))

        def _parse_distance_miles(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance_miles = _parse_distance_miles(d.pop("distance_miles", UNSET))

        def _parse_group(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        group = _parse_group(d.pop("group", UNSET))

        def _parse_location(data: object) -> LatLng | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                location_type_0 = LatLng.from_dict(data)

                return location_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LatLng | None | Unset, data)

        location = _parse_location(d.pop("location", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_organisation_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        organisation_id = _parse_organisation_id(d.pop("organisation_id", UNSET))

        def _parse_type_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))

        amenity = cls(
            address=address,
            contact=contact,
            dispensary=dispensary,
            distance_km=distance_km,
            distance_miles=distance_miles,
            group=group,
            location=location,
            name=name,
            organisation_id=organisation_id,
            type_=type_,
        )

        amenity.additional_properties = d
        return amenity

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
