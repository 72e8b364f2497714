from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_find_meta import AddressFindMeta
    from ..models.address_suggestion import AddressSuggestion


T = TypeVar("T", bound="AddressFind")


@_attrs_define
class AddressFind:
    """
    Attributes:
        suggestions (list[AddressSuggestion]):
        count (int | None | Unset):
        meta (AddressFindMeta | Unset):
    """

    suggestions: list[AddressSuggestion]
    count: int | None | Unset = UNSET
    meta: AddressFindMeta | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        suggestions = []
        for suggestions_item_data in self.suggestions:
            suggestions_item = suggestions_item_data.to_dict()
            suggestions.append(suggestions_item)

        count: int | None | Unset
        if isinstance(self.count, Unset):
            count = UNSET
        else:
            count = self.count

        meta: dict[str, Any] | Unset = UNSET
        if not isinstance(self.meta, Unset):
            meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "suggestions": suggestions,
            }
        )
        if count is not UNSET:
            field_dict["count"] = count
        if meta is not UNSET:
            field_dict["meta"] = meta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_find_meta import AddressFindMeta  # noqa: PLC0415
        from ..models.address_suggestion import AddressSuggestion  # noqa: PLC0415

        d = dict(src_dict)
        suggestions = []
        _suggestions = d.pop("suggestions")
        for suggestions_item_data in _suggestions:
            suggestions_item = AddressSuggestion.from_dict(suggestions_item_data)

            suggestions.append(suggestions_item)

        def _parse_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        count = _parse_count(d.pop("count", UNSET))

        _meta = d.pop("meta", UNSET)
        meta: AddressFindMeta | Unset
        if isinstance(_meta, Unset):
            meta = UNSET
        else:
            meta = AddressFindMeta.from_dict(_meta)

        address_find = cls(
            suggestions=suggestions,
            count=count,
            meta=meta,
        )

        address_find.additional_properties = d
        return address_find

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
