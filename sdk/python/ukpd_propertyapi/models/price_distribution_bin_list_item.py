from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PriceDistributionBinListItem")


@_attrs_define
class PriceDistributionBinListItem:
    """
    Attributes:
        count (int | Unset):
        high (int | Unset):
        label (str | Unset):
        low (int | Unset):
    """

    count: int | Unset = UNSET
    high: int | Unset = UNSET
    label: str | Unset = UNSET
    low: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        high = self.high

        label = self.label

        low = self.low

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if count is not UNSET:
            field_dict["count"] = count
        if high is not UNSET:
            field_dict["high"] = high
        if label is not UNSET:
            field_dict["label"] = label
        if low is not UNSET:
            field_dict["low"] = low

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count", UNSET)

        high = d.pop("high", UNSET)

        label = d.pop("label", UNSET)

        low = d.pop("low", UNSET)

        price_distribution_bin_list_item = cls(
            count=count,
            high=high,
            label=label,
            low=low,
        )

        price_distribution_bin_list_item.additional_properties = d
        return price_distribution_bin_list_item

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
