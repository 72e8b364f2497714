from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lat_lng import LatLng
    from ..models.school_address_type_0 import SchoolAddressType0
    from ..models.school_contact_type_0 import SchoolContactType0
    from ..models.school_ofsted_type_0 import SchoolOfstedType0


T = TypeVar("T", bound="School")


@_attrs_define
class School:
    """
    Attributes:
        address (None | SchoolAddressType0 | Unset):
        admissions_policy (None | str | Unset):
        age_range (None | str | Unset):
        contact (None | SchoolContactType0 | Unset):
        distance_km (float | None | Unset):
        distance_miles (float | None | Unset):
        gender (None | str | Unset):
        local_authority (None | str | Unset):
        location (LatLng | None | Unset):
        name (None | str | Unset):
        number_of_pupils (int | None | Unset):
        ofsted (None | SchoolOfstedType0 | Unset):
        percentage_fsm (float | None | Unset):
        phase (None | str | Unset):
        religious_character (None | str | Unset):
        school_capacity (int | None | Unset):
        trust (None | str | Unset):
        type_ (None | str | Unset):
        type_group (None | str | Unset):
        urn (int | None | Unset):
    """

    address: None | SchoolAddressType0 | Unset = UNSET
    admissions_policy: None | str | Unset = UNSET
    age_range: None | str | Unset = UNSET
    contact: None | SchoolContactType0 | Unset = UNSET
    distance_km: float | None | Unset = UNSET
    distance_miles: float | None | Unset = UNSET
    gender: None | str | Unset = UNSET
    local_authority: None | str | Unset = UNSET
    location: LatLng | None | Unset = UNSET
    name: None | str | Unset = UNSET
    number_of_pupils: int | None | Unset = UNSET
    ofsted: None | SchoolOfstedType0 | Unset = UNSET
    percentage_fsm: float | None | Unset = UNSET
    phase: None | str | Unset = UNSET
    religious_character: None | str | Unset = UNSET
    school_capacity: int | None | Unset = UNSET
    trust: None | str | Unset = UNSET
    type_: None | str | Unset = UNSET
    type_group: None | str | Unset = UNSET
    urn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.lat_lng import LatLng  # noqa: PLC0415
        from ..models.school_address_type_0 import SchoolAddressType0  # noqa: PLC0415
        from ..models.school_contact_type_0 import SchoolContactType0  # noqa: PLC0415
        from ..models.school_ofsted_type_0 import SchoolOfstedType0  # noqa: PLC0415

        address: dict[str, Any] | None | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        elif isinstance(self.address, SchoolAddressType0):
            address = self.address.to_dict()
        else:
            address = self.address

        admissions_policy: None | str | Unset
        if isinstance(self.admissions_policy, Unset):
            admissions_policy = UNSET
        else:
            admissions_policy = self.admissions_policy

        age_range: None | str | Unset
        if isinstance(self.age_range, Unset):
            age_range = UNSET
        else:
            age_range = self.age_range

        contact: dict[str, Any] | None | Unset
        if isinstance(self.contact, Unset):
            contact = UNSET
        elif isinstance(self.contact, SchoolContactType0):
            contact = self.contact.to_dict()
        else:
            contact = self.contact

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

        gender: None | str | Unset
        if isinstance(self.gender, Unset):
            gender = UNSET
        else:
            gender = self.gender

        local_authority: None | str | Unset
        if isinstance(self.local_authority, Unset):
            local_authority = UNSET
        else:
            local_authority = self.local_authority

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

        number_of_pupils: int | None | Unset
        if isinstance(self.number_of_pupils, Unset):
            number_of_pupils = UNSET
        else:
            number_of_pupils = self.number_of_pupils

        ofsted: dict[str, Any] | None | Unset
        if isinstance(self.ofsted, Unset):
            ofsted = UNSET
        elif isinstance(self.ofsted, SchoolOfstedType0):
            ofsted = self.ofsted.to_dict()
        else:
            ofsted = self.ofsted

        percentage_fsm: float | None | Unset
        if isinstance(self.percentage_fsm, Unset):
            percentage_fsm = UNSET
        else:
            percentage_fsm = self.percentage_fsm

        phase: None | str | Unset
        if isinstance(self.phase, Unset):
            phase = UNSET
        else:
            phase = self.phase

        religious_character: None | str | Unset
        if isinstance(self.religious_character, Unset):
            religious_character = UNSET
        else:
            religious_character = self.religious_character

        school_capacity: int | None | Unset
        if isinstance(self.school_capacity, Unset):
            school_capacity = UNSET
        else:
            school_capacity = self.school_capacity

        trust: None | str | Unset
        if isinstance(self.trust, Unset):
            trust = UNSET
        else:
            trust = self.trust

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        else:
            type_ = self.type_

        type_group: None | str | Unset
        if isinstance(self.type_group, Unset):
            type_group = UNSET
        else:
            type_group = self.type_group

        urn: int | None | Unset
        if isinstance(self.urn, Unset):
            urn = UNSET
        else:
            urn = self.urn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if address is not UNSET:
            field_dict["address"] = address
        if admissions_policy is not UNSET:
            field_dict["admissions_policy"] = admissions_policy
        if age_range is not UNSET:
            field_dict["age_range"] = age_range
        if contact is not UNSET:
            field_dict["contact"] = contact
        if distance_km is not UNSET:
            field_dict["distance_km"] = distance_km
        if distance_miles is not UNSET:
            field_dict["distance_miles"] = distance_miles
        if gender is not UNSET:
            field_dict["gender"] = gender
        if local_authority is not UNSET:
            field_dict["local_authority"] = local_authority
        if location is not UNSET:
            field_dict["location"] = location
        if name is not UNSET:
            field_dict["name"] = name
        if number_of_pupils is not UNSET:
            field_dict["number_of_pupils"] = number_of_pupils
        if ofsted is not UNSET:
            field_dict["ofsted"] = ofsted
        if percentage_fsm is not UNSET:
            field_dict["percentage_fsm"] = percentage_fsm
        if phase is not UNSET:
            field_dict["phase"] = phase
        if religious_character is not UNSET:
            field_dict["religious_character"] = religious_character
        if school_capacity is not UNSET:
            field_dict["school_capacity"] = school_capacity
        if trust is not UNSET:
            field_dict["trust"] = trust
        if type_ is not UNSET:
            field_dict["type"] = type_
        if type_group is not UNSET:
            field_dict["type_group"] = type_group
        if urn is not UNSET:
            field_dict["urn"] = urn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lat_lng import LatLng  # noqa: PLC0415
        from ..models.school_address_type_0 import SchoolAddressType0  # noqa: PLC0415
        from ..models.school_contact_type_0 import SchoolContactType0  # noqa: PLC0415
        from ..models.school_ofsted_type_0 import SchoolOfstedType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_address(data: object) -> None | SchoolAddressType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                address_type_0 = SchoolAddressType0.from_dict(data)

                return address_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SchoolAddressType0 | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        def _parse_admissions_policy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        admissions_policy = _parse_admissions_policy(d.pop("admissions_policy", UNSET))

        def _parse_age_range(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        age_range = _parse_age_range(d.pop("age_range", UNSET))

        def _parse_contact(data: object) -> None | SchoolContactType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contact_type_0 = SchoolContactType0.from_dict(data)

                return contact_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SchoolContactType0 | Unset, data)

        contact = _parse_contact(d.pop("contact", UNSET))

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

        def _parse_gender(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gender = _parse_gender(d.pop("gender", UNSET))

        def _parse_local_authority(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        local_authority = _parse_local_authority(d.pop("local_authority", UNSET))

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

        def _parse_number_of_pupils(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        number_of_pupils = _parse_number_of_pupils(d.pop("number_of_pupils", UNSET))

        def _parse_ofsted(data: object) -> None | SchoolOfstedType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ofsted_type_0 = SchoolOfstedType0.from_dict(data)

                return ofsted_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SchoolOfstedType0 | Unset, data)

        ofsted = _parse_ofsted(d.pop("ofsted", UNSET))

        def _parse_percentage_fsm(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        percentage_fsm = _parse_percentage_fsm(d.pop("percentage_fsm", UNSET))

        def _parse_phase(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phase = _parse_phase(d.pop("phase", UNSET))

        def _parse_religious_character(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        religious_character = _parse_religious_character(d.pop("religious_character", UNSET))

        def _parse_school_capacity(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        school_capacity = _parse_school_capacity(d.pop("school_capacity", UNSET))

        def _parse_trust(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trust = _parse_trust(d.pop("trust", UNSET))

        def _parse_type_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))

        def _parse_type_group(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        type_group = _parse_type_group(d.pop("type_group", UNSET))

        def _parse_urn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        urn = _parse_urn(d.pop("urn", UNSET))

        school = cls(
            address=address,
            admissions_policy=admissions_policy,
            age_range=age_range,
            contact=contact,
            distance_km=distance_km,
            distance_miles=distance_miles,
            gender=gender,
            local_authority=local_authority,
            location=location,
            name=name,
            number_of_pupils=number_of_pupils,
            ofsted=ofsted,
            percentage_fsm=percentage_fsm,
            phase=phase,
            religious_character=religious_character,
            school_capacity=school_capacity,
            trust=trust,
            type_=type_,
            type_group=type_group,
            urn=urn,
        )

        school.additional_properties = d
        return school

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
