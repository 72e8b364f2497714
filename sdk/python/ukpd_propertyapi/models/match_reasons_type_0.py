from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.match_reasons_type_0_building_name import (
    MatchReasonsType0BuildingName,
    check_match_reasons_type_0_building_name,
)
from ..models.match_reasons_type_0_flat import MatchReasonsType0Flat, check_match_reasons_type_0_flat
from ..models.match_reasons_type_0_number import MatchReasonsType0Number, check_match_reasons_type_0_number
from ..models.match_reasons_type_0_postcode import MatchReasonsType0Postcode, check_match_reasons_type_0_postcode
from ..models.match_reasons_type_0_street import MatchReasonsType0Street, check_match_reasons_type_0_street
from ..models.match_reasons_type_0_town import MatchReasonsType0Town, check_match_reasons_type_0_town
from ..types import UNSET, Unset

T = TypeVar("T", bound="MatchReasonsType0")


@_attrs_define
class MatchReasonsType0:
    """What agreed between the submitted address and the match.

    Attributes:
        building_name (MatchReasonsType0BuildingName | Unset):
        flat (MatchReasonsType0Flat | Unset):
        notes (list[str] | Unset): ambiguous: another address fits about as well.
        number (MatchReasonsType0Number | Unset):
        postcode (MatchReasonsType0Postcode | Unset):
        street (MatchReasonsType0Street | Unset):
        town (MatchReasonsType0Town | Unset):
    """

    building_name: MatchReasonsType0BuildingName | Unset = UNSET
    flat: MatchReasonsType0Flat | Unset = UNSET
    notes: list[str] | Unset = UNSET
    number: MatchReasonsType0Number | Unset = UNSET
    postcode: MatchReasonsType0Postcode | Unset = UNSET
    street: MatchReasonsType0Street | Unset = UNSET
    town: MatchReasonsType0Town | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        building_name: str | Unset = UNSET
        if not isinstance(self.building_name, Unset):
            building_name = self.building_name

        flat: str | Unset = UNSET
        if not isinstance(self.flat, Unset):
            flat = self.flat

        notes: list[str] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = self.notes

        number: str | Unset = UNSET
        if not isinstance(self.number, Unset):
            number = self.number

        postcode: str | Unset = UNSET
        if not isinstance(self.postcode, Unset):
            postcode = self.postcode

        street: str | Unset = UNSET
        if not isinstance(self.street, Unset):
            street = self.street

        town: str | Unset = UNSET
        if not isinstance(self.town, Unset):
            town = self.town

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if building_name is not UNSET:
            field_dict["building_name"] = building_name
        if flat is not UNSET:
            field_dict["flat"] = flat
        if notes is not UNSET:
            field_dict["notes"] = notes
        if number is not UNSET:
            field_dict["number"] = number
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if street is not UNSET:
            field_dict["street"] = street
        if town is not UNSET:
            field_dict["town"] = town

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _building_name = d.pop("building_name", UNSET)
        building_name: MatchReasonsType0BuildingName | Unset
        if isinstance(_building_name, Unset):
            building_name = UNSET
        else:
            building_name = check_match_reasons_type_0_building_name(_building_name)

        _flat = d.pop("flat", UNSET)
        flat: MatchReasonsType0Flat | Unset
        if isinstance(_flat, Unset):
            flat = UNSET
        else:
            flat = check_match_reasons_type_0_flat(_flat)

        notes = cast(list[str], d.pop("notes", UNSET))

        _number = d.pop("number", UNSET)
        number: MatchReasonsType0Number | Unset
        if isinstance(_number, Unset):
            number = UNSET
        else:
            number = check_match_reasons_type_0_number(_number)

        _postcode = d.pop("postcode", UNSET)
        postcode: MatchReasonsType0Postcode | Unset
        if isinstance(_postcode, Unset):
            postcode = UNSET
        else:
            postcode = check_match_reasons_type_0_postcode(_postcode)

        _street = d.pop("street", UNSET)
        street: MatchReasonsType0Street | Unset
        if isinstance(_street, Unset):
            street = UNSET
        else:
            street = check_match_reasons_type_0_street(_street)

        _town = d.pop("town", UNSET)
        town: MatchReasonsType0Town | Unset
        if isinstance(_town, Unset):
            town = UNSET
        else:
            town = check_match_reasons_type_0_town(_town)

        match_reasons_type_0 = cls(
            building_name=building_name,
            flat=flat,
            notes=notes,
            number=number,
            postcode=postcode,
            street=street,
            town=town,
        )

        match_reasons_type_0.additional_properties = d
        return match_reasons_type_0

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
