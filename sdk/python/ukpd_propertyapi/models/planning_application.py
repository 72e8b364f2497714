from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lat_lng import LatLng


T = TypeVar("T", bound="PlanningApplication")


@_attrs_define
class PlanningApplication:
    """
    Attributes:
        address (None | str | Unset):
        agent (None | str | Unset):
        applicant (None | str | Unset):
        authority (None | str | Unset):
        date_decided (datetime.date | None | Unset):
        date_received (datetime.date | None | Unset):
        date_validated (datetime.date | None | Unset):
        decision (None | str | Unset):
        description (None | str | Unset):
        distance_m (float | None | Unset):
        location (LatLng | None | Unset):
        postcode (None | str | Unset):
        reference (None | str | Unset):
        size (None | str | Unset):
        source (None | str | Unset):
        status (None | str | Unset):
        type_ (None | str | Unset):
        uprn (int | None | Unset):
        url (None | str | Unset):
        ward (None | str | Unset):
    """

    address: None | str | Unset = UNSET
    agent: None | str | Unset = UNSET
    applicant: None | str | Unset = UNSET
    authority: None | str | Unset = UNSET
    date_decided: datetime.date | None | Unset = UNSET
    date_received: datetime.date | None | Unset = UNSET
    date_validated: datetime.date | None | Unset = UNSET
    decision: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    distance_m: float | None | Unset = UNSET
    location: LatLng | None | Unset = UNSET
    postcode: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    size: None | str | Unset = UNSET
    source: None | str | Unset = UNSET
    status: None | str | Unset = UNSET
    type_: None | str | Unset = UNSET
    uprn: int | None | Unset = UNSET
    url: None | str | Unset = UNSET
    ward: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.lat_lng import LatLng  # noqa: PLC0415

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

        applicant: None | str | Unset
        if isinstance(self.applicant, Unset):
            applicant = UNSET
        else:
            applicant = self.applicant

        authority: None | str | Unset
        if isinstance(self.authority, Unset):
            authority = UNSET
        else:
            authority = self.authority

        date_decided: None | str | Unset
        if isinstance(self.date_decided, Unset):
            date_decided = UNSET
        elif isinstance(self.date_decided, datetime.date):
            date_decided = self.date_decided.isoformat()
        else:
            date_decided = self.date_decided

        date_received: None | str | Unset
        if isinstance(self.date_received, Unset):
            date_received = UNSET
        elif isinstance(self.date_received, datetime.date):
            date_received = self.date_received.isoformat()
        else:
            date_received = self.date_received

        date_validated: None | str | Unset
        if isinstance(self.date_validated, Unset):
            date_validated = UNSET
        elif isinstance(self.date_validated, datetime.date):
            date_validated = self.date_validated.isoformat()
        else:
            date_validated = self.date_validated

        decision: None | str | Unset
        if isinstance(self.decision, Unset):
            decision = UNSET
        else:
            decision = self.decision

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        distance_m: float | None | Unset
        if isinstance(self.distance_m, Unset):
            distance_m = UNSET
        else:
            distance_m = self.distance_m

        location: dict[str, Any] | None | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        elif isinstance(self.location, LatLng):
            location = self.location.to_dict()
        else:
            location = self.location

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        size: None | str | Unset
        if isinstance(self.size, Unset):
            size = UNSET
        else:
            size = self.size

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        else:
            status = self.status

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        else:
            type_ = self.type_

        uprn: int | None | Unset
        if isinstance(self.uprn, Unset):
            uprn = UNSET
        else:
            uprn = self.uprn

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        ward: None | str | Unset
        if isinstance(self.ward, Unset):
            ward = UNSET
        else:
            ward = self.ward

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if address is not UNSET:
            field_dict["address"] = address
        if agent is not UNSET:
            field_dict["agent"] = agent
        if applicant is not UNSET:
            field_dict["applicant"] = applicant
        if authority is not UNSET:
            field_dict["authority"] = authority
        if date_decided is not UNSET:
            field_dict["date_decided"] = date_decided
        if date_received is not UNSET:
            field_dict["date_received"] = date_received
        if date_validated is not UNSET:
            field_dict["date_validated"] = date_validated
        if decision is not UNSET:
            field_dict["decision"] = decision
        if description is not UNSET:
            field_dict["description"] = description
        if distance_m is not UNSET:
            field_dict["distance_m"] = distance_m
        if location is not UNSET:
            field_dict["location"] = location
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if reference is not UNSET:
            field_dict["reference"] = reference
        if size is not UNSET:
            field_dict["size"] = size
        if source is not UNSET:
            field_dict["source"] = source
        if status is not UNSET:
            field_dict["status"] = status
        if type_ is not UNSET:
            field_dict["type"] = type_
        if uprn is not UNSET:
            field_dict["uprn"] = uprn
        if url is not UNSET:
            field_dict["url"] = url
        if ward is not UNSET:
            field_dict["ward"] = ward

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lat_lng import LatLng  # noqa: PLC0415

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

        def _parse_applicant(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        applicant = _parse_applicant(d.pop("applicant", UNSET))

        def _parse_authority(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        authority = _parse_authority(d.pop("authority", UNSET))

        def _parse_date_decided(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_decided_type_0 = datetime.date.fromisoformat(data)

                return date_decided_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        date_decided = _parse_date_decided(d.pop("date_decided", UNSET))

        def _parse_date_received(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_received_type_0 = datetime.date.fromisoformat(data)

                return date_received_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        date_received = _parse_date_received(d.pop("date_received", UNSET))

        def _parse_date_validated(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_validated_type_0 = datetime.date.fromisoformat(data)

                return date_validated_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        date_validated = _parse_date_validated(d.pop("date_validated", UNSET))

        def _parse_decision(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        decision = _parse_decision(d.pop("decision", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_distance_m(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance_m = _parse_distance_m(d.pop("distance_m", UNSET))

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

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))

        def _parse_size(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        size = _parse_size(d.pop("size", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        def _parse_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        def _parse_type_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        def _parse_ward(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ward = _parse_ward(d.pop("ward", UNSET))

        planning_application = cls(
            address=address,
            agent=agent,
            applicant=applicant,
            authority=authority,
            date_decided=date_decided,
            date_received=date_received,
            date_validated=date_validated,
            decision=decision,
            description=description,
            distance_m=distance_m,
            location=location,
            postcode=postcode,
            reference=reference,
            size=size,
            source=source,
            status=status,
            type_=type_,
            uprn=uprn,
            url=url,
            ward=ward,
        )

        planning_application.additional_properties = d
        return planning_application

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
