from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.address_suggestion_type_type_1 import AddressSuggestionTypeType1, check_address_suggestion_type_type_1
from ..models.address_suggestion_type_type_2_type_1 import (
    AddressSuggestionTypeType2Type1,
    check_address_suggestion_type_type_2_type_1,
)
from ..models.address_suggestion_type_type_3_type_1 import (
    AddressSuggestionTypeType3Type1,
    check_address_suggestion_type_type_3_type_1,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddressSuggestion")


@_attrs_define
class AddressSuggestion:
    """
    Attributes:
        address (str):
        uprn (int):
        address_line_1 (None | str | Unset):
        address_line_2 (None | str | Unset):
        flat_count (int | None | Unset): Flats in a building suggestion; null for an address.
        postcode (None | str | Unset):
        town (None | str | Unset):
        type_ (AddressSuggestionTypeType1 | AddressSuggestionTypeType2Type1 | AddressSuggestionTypeType3Type1 | None |
            Unset): address, or building: a building whose flats matched together (one suggestion with flat_count).
    """

    address: str
    uprn: int
    address_line_1: None | str | Unset = UNSET
    address_line_2: None | str | Unset = UNSET
    flat_count: int | None | Unset = UNSET
    postcode: None | str | Unset = UNSET
    town: None | str | Unset = UNSET
    type_: (
        AddressSuggestionTypeType1 | AddressSuggestionTypeType2Type1 | AddressSuggestionTypeType3Type1 | None | Unset
    ) = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address = self.address

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

        flat_count: int | None | Unset
        if isinstance(self.flat_count, Unset):
            flat_count = UNSET
        else:
            flat_count = self.flat_count

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        town: None | str | Unset
        if isinstance(self.town, Unset):
            town = UNSET
        else:
            town = self.town

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        elif isinstance(self.type_, str):
            type_ = self.type_
        elif isinstance(self.type_, str):
            type_ = self.type_
        elif isinstance(self.type_, str):
            type_ = self.type_
        else:
            type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "uprn": uprn,
            }
        )
        if address_line_1 is not UNSET:
            field_dict["address_line_1"] = address_line_1
        if address_line_2 is not UNSET:
            field_dict["address_line_2"] = address_line_2
        if flat_count is not UNSET:
            field_dict["flat_count"] = flat_count
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if town is not UNSET:
            field_dict["town"] = town
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

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

        def _parse_flat_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        flat_count = _parse_flat_count(d.pop("flat_count", UNSET))

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_town(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        town = _parse_town(d.pop("town", UNSET))

        def _parse_type_(
            data: object,
        ) -> (
            AddressSuggestionTypeType1
            | AddressSuggestionTypeType2Type1
            | AddressSuggestionTypeType3Type1
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                type_type_1 = check_address_suggestion_type_type_1(data)

                return type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                type_type_2_type_1 = check_address_suggestion_type_type_2_type_1(data)

                return type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                type_type_3_type_1 = check_address_suggestion_type_type_3_type_1(data)

                return type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                AddressSuggestionTypeType1
                | AddressSuggestionTypeType2Type1
                | AddressSuggestionTypeType3Type1
                | None
                | Unset,
                data,
            )

        type_ = _parse_type_(d.pop("type", UNSET))

        address_suggestion = cls(
            address=address,
            uprn=uprn,
            address_line_1=address_line_1,
            address_line_2=address_line_2,
            flat_count=flat_count,
            postcode=postcode,
            town=town,
            type_=type_,
        )

        address_suggestion.additional_properties = d
        return address_suggestion

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
