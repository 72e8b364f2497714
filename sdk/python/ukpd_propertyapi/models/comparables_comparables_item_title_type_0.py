from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ComparablesComparablesItemTitleType0")


@_attrs_define
class ComparablesComparablesItemTitleType0:
    """
    Attributes:
        estate_interest (None | str | Unset):
        title_class (None | str | Unset):
        title_no (None | str | Unset):
    """

    estate_interest: None | str | Unset = UNSET
    title_class: None | str | Unset = UNSET
    title_no: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        estate_interest: None | str | Unset
        if isinstance(self.estate_interest, Unset):
            estate_interest = UNSET
        else:
            estate_interest = self.estate_interest

        title_class: None | str | Unset
        if isinstance(self.title_class, Unset):
            title_class = UNSET
        else:
            title_class = self.title_class

        title_no: None | str | Unset
        if isinstance(self.title_no, Unset):
            title_no = UNSET
        else:
            title_no = self.title_no

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if estate_interest is not UNSET:
            field_dict["estate_interest"] = estate_interest
        if title_class is not UNSET:
            field_dict["title_class"] = title_class
        if title_no is not UNSET:
            field_dict["title_no"] = title_no

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_estate_interest(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        estate_interest = _parse_estate_interest(d.pop("estate_interest", UNSET))

        def _parse_title_class(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title_class = _parse_title_class(d.pop("title_class", UNSET))

        def _parse_title_no(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title_no = _parse_title_no(d.pop("title_no", UNSET))

        comparables_comparables_item_title_type_0 = cls(
            estate_interest=estate_interest,
            title_class=title_class,
            title_no=title_no,
        )

        comparables_comparables_item_title_type_0.additional_properties = d
        return comparables_comparables_item_title_type_0

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
