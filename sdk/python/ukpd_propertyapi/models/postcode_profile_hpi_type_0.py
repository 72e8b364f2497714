from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.postcode_profile_hpi_type_0_trend_type_0_item import PostcodeProfileHpiType0TrendType0Item


T = TypeVar("T", bound="PostcodeProfileHpiType0")


@_attrs_define
class PostcodeProfileHpiType0:
    """
    Attributes:
        current_index (float | None | Unset):
        source (None | str | Unset):
        trend (list[PostcodeProfileHpiType0TrendType0Item] | None | Unset):
    """

    current_index: float | None | Unset = UNSET
    source: None | str | Unset = UNSET
    trend: list[PostcodeProfileHpiType0TrendType0Item] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current_index: float | None | Unset
        if isinstance(self.current_index, Unset):
            current_index = UNSET
        else:
            current_index = self.current_index

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        trend: list[dict[str, Any]] | None | Unset
        if isinstance(self.trend, Unset):
            trend = UNSET
        elif isinstance(self.trend, list):
            trend = []
            for trend_type_0_item_data in self.trend:
                trend_type_0_item = trend_type_0_item_data.to_dict()
                trend.append(trend_type_0_item)

        else:
            trend = self.trend

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if current_index is not UNSET:
            field_dict["current_index"] = current_index
        if source is not UNSET:
            field_dict["source"] = source
        if trend is not UNSET:
            field_dict["trend"] = trend

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postcode_profile_hpi_type_0_trend_type_0_item import PostcodeProfileHpiType0TrendType0Item  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_current_index(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        current_index = _parse_current_index(d.pop("current_index", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        def _parse_trend(data: object) -> list[PostcodeProfileHpiType0TrendType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                trend_type_0 = []
                _trend_type_0 = data
                for trend_type_0_item_data in _trend_type_0:
                    trend_type_0_item = PostcodeProfileHpiType0TrendType0Item.from_dict(trend_type_0_item_data)

                    trend_type_0.append(trend_type_0_item)

                return trend_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PostcodeProfileHpiType0TrendType0Item] | None | Unset, data)

        trend = _parse_trend(d.pop("trend", UNSET))

        postcode_profile_hpi_type_0 = cls(
            current_index=current_index,
            source=source,
            trend=trend,
        )

        postcode_profile_hpi_type_0.additional_properties = d
        return postcode_profile_hpi_type_0

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
