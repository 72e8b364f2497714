from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HealthIndicesType0Item")


@_attrs_define
class HealthIndicesType0Item:
    """Each loaded dataset with its source ("generated" or "import:<format>")

    Attributes:
        alias (str | Unset):
        dataset (None | str | Unset):
        docs (int | None | Unset):
        index (None | str | Unset):
        loaded_at (None | str | Unset):
        release (None | str | Unset):
        source (None | str | Unset):
    """

    alias: str | Unset = UNSET
    dataset: None | str | Unset = UNSET
    docs: int | None | Unset = UNSET
    index: None | str | Unset = UNSET
    loaded_at: None | str | Unset = UNSET
    release: None | str | Unset = UNSET
    source: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        alias = self.alias

        dataset: None | str | Unset
        if isinstance(self.dataset, Unset):
            dataset = UNSET
        else:
            dataset = self.dataset

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

        loaded_at: None | str | Unset
        if isinstance(self.loaded_at, Unset):
            loaded_at = UNSET
        else:
            loaded_at = self.loaded_at

        release: None | str | Unset
        if isinstance(self.release, Unset):
            release = UNSET
        else:
            release = self.release

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if alias is not UNSET:
            field_dict["alias"] = alias
        if dataset is not UNSET:
            field_dict["dataset"] = dataset
        if docs is not UNSET:
            field_dict["docs"] = docs
        if index is not UNSET:
            field_dict["index"] = index
        if loaded_at is not UNSET:
            field_dict["loaded_at"] = loaded_at
        if release is not UNSET:
            field_dict["release"] = release
        if source is not UNSET:
            field_dict["source"] = source

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        alias = d.pop("alias", UNSET)

        def _parse_dataset(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dataset = _parse_dataset(d.pop("dataset", UNSET))

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

        def _parse_loaded_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        loaded_at = _parse_loaded_at(d.pop("loaded_at", UNSET))

        def _parse_release(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        release = _parse_release(d.pop("release", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        health_indices_type_0_item = cls(
            alias=alias,
            dataset=dataset,
            docs=docs,
            index=index,
            loaded_at=loaded_at,
            release=release,
            source=source,
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
