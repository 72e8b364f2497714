from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HealthIndicesType0Item")


@_attrs_define
class HealthIndicesType0Item:
    """
    Attributes:
        alias (str | Unset):
        docs (int | None | Unset):
        index (None | str | Unset):
    """

    alias: str | Unset = UNSET
    docs: int | None | Unset = UNSET
    index: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        alias = self.alias

        docs: int | None | Unset
        if isinstance(self.docs, Unset):
            docs = UNSET
        else:
            docs = self.docs

        index: None | str | Unset
        if isinstance(self.index, Unset):
            index = UNSET
        else:
            index = self.index

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if alias is not UNSET:
            field_dict["alias"] = alias
        if docs is not UNSET:
            field_dict["docs"] = docs
        if index is not UNSET:
            field_dict["index"] = index

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        alias = d.pop("alias", UNSET)

        def _parse_docs(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        docs = _parse_docs(d.pop("docs", UNSET))

        def _parse_index(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        index = _parse_index(d.pop("index", UNSET))

        health_indices_type_0_item = cls(
            alias=alias,
            docs=docs,
            index=index,
        )

        health_indices_type_0_item.additional_properties = d
        return health_indices_type_0_item

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
