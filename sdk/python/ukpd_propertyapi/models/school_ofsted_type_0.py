from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SchoolOfstedType0")


@_attrs_define
class SchoolOfstedType0:
    """
    Attributes:
        last_inspection (datetime.date | None | Unset):
        rating (None | str | Unset):
    """

    last_inspection: datetime.date | None | Unset = UNSET
    rating: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        last_inspection: None | str | Unset
        if isinstance(self.last_inspection, Unset):
            last_inspection = UNSET
        elif isinstance(self.last_inspection, datetime.date):
            last_inspection = self.last_inspection.isoformat()
        else:
            last_inspection = self.last_inspection

        rating: None | str | Unset
        if isinstance(self.rating, Unset):
            rating = UNSET
        else:
            rating = self.rating

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if last_inspection is not UNSET:
            field_dict["last_inspection"] = last_inspection
        if rating is not UNSET:
            field_dict["rating"] = rating

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_last_inspection(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_inspection_type_0 = datetime.date.fromisoformat(data)

                return last_inspection_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        last_inspection = _parse_last_inspection(d.pop("last_inspection", UNSET))

        def _parse_rating(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rating = _parse_rating(d.pop("rating", UNSET))

        school_ofsted_type_0 = cls(
            last_inspection=last_inspection,
            rating=rating,
        )

        school_ofsted_type_0.additional_properties = d
        return school_ofsted_type_0

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
