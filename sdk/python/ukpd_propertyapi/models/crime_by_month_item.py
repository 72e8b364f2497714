from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.category_count import CategoryCount


T = TypeVar("T", bound="CrimeByMonthItem")


@_attrs_define
class CrimeByMonthItem:
    """
    Attributes:
        by_category (list[CategoryCount] | Unset):
        month (str | Unset):
        total (int | Unset):
    """

    by_category: list[CategoryCount] | Unset = UNSET
    month: str | Unset = UNSET
    total: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        by_category: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.by_category, Unset):
            by_category = []
            for by_category_item_data in self.by_category:
                by_category_item = by_category_item_data.to_dict()
                by_category.append(by_category_item)

        month = self.month

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if by_category is not UNSET:
            field_dict["by_category"] = by_category
        if month is not UNSET:
            field_dict["month"] = month
        if total is not UNSET:
            field_dict["total"] = total

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.category_count import CategoryCount  # noqa: PLC0415

        d = dict(src_dict)
        _by_category = d.pop("by_category", UNSET)
        by_category: list[CategoryCount] | Unset = UNSET
        if _by_category is not UNSET:
            by_category = []
            for by_category_item_data in _by_category:
                by_category_item = CategoryCount.from_dict(by_category_item_data)

                by_category.append(by_category_item)

        month = d.pop("month", UNSET)

        total = d.pop("total", UNSET)

        crime_by_month_item = cls(
            by_category=by_category,
            month=month,
            total=total,
        )

        crime_by_month_item.additional_properties = d
        return crime_by_month_item

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
