from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AddressFindMeta")


@_attrs_define
class AddressFindMeta:
    """
    Attributes:
        query_type (None | str | Unset):
        took_ms (int | None | Unset):
        total (int | Unset): Addresses matching the input: exact up to 1,000 for free text, and that cap beyond (the
            most popular 1,000 matches are the ones ranked); exact for postcode-shaped input.
    """

    query_type: None | str | Unset = UNSET
    took_ms: int | None | Unset = UNSET
    total: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        query_type: None | str | Unset
        if isinstance(self.query_type, Unset):
            query_type = UNSET
        else:
            query_type = self.query_type

        took_ms: int | None | Unset
        if isinstance(self.took_ms, Unset):
            took_ms = UNSET
        else:
            took_ms = self.took_ms

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if query_type is not UNSET:
            field_dict["query_type"] = query_type
        if took_ms is not UNSET:
            field_dict["took_ms"] = took_ms
        if total is not UNSET:
            field_dict["total"] = total

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_query_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        query_type = _parse_query_type(d.pop("query_type", UNSET))

        def _parse_took_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        took_ms = _parse_took_ms(d.pop("took_ms", UNSET))

        total = d.pop("total", UNSET)

        address_find_meta = cls(
            query_type=query_type,
            took_ms=took_ms,
            total=total,
        )

        address_find_meta.additional_properties = d
        return address_find_meta

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
