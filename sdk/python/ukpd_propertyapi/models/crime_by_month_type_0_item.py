from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.category_count import CategoryCount


T = TypeVar("T", bound="CrimeByMonthType0Item")


@_attrs_define
class CrimeByMonthType0Item:
    """
    Attributes:
        by_category (list[CategoryCount] | None | Unset):
        month (str | Unset):
        total (int | Unset):
    """

    by_category: list[CategoryCount] | None | Unset = UNSET
    month: str | Unset = UNSET
    total: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        by_category: list[dict[str, Any]] | None | Unset
        if isinstance(self.by_category, Unset):
            by_category = UNSET
        elif isinstance(self.by_category, list):
            by_category = []
            for by_category_type_0_item_data in self.by_category:
                by_category_type_0_item = by_category_type_0_item_data.to_dict()
                by_category.append(by_category_type_0_item)

        else:
            by_category = self.by_category

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

        def _parse_by_category(data: object) -> list[CategoryCount] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                by_category_type_0 = []
                _by_category_type_0 = data
                for by_category_type_0_item_data in _by_category_type_0:
                    by_category_type_0_item = CategoryCount.from_dict(by_category_type_0_item_data)

                    by_category_type_0.append(by_category_type_0_item)

                return by_category_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CategoryCount] | None | Unset, data)

        by_category = _parse_by_category(d.pop("by_category", UNSET))

        month = d.pop("month", UNSET)

        total = d.pop("total", UNSET)

        crime_by_month_type_0_item = cls(
            by_category=by_category,
            month=month,
            total=total,
        )

        crime_by_month_type_0_item.additional_properties = d
        return crime_by_month_type_0_item

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
