from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.postcode_profile_properties_type_0_type_breakdown_type_0 import (
        PostcodeProfilePropertiesType0TypeBreakdownType0,
    )


T = TypeVar("T", bound="PostcodeProfilePropertiesType0")


@_attrs_define
class PostcodeProfilePropertiesType0:
    """
    Attributes:
        total (int | None | Unset):
        type_breakdown (None | PostcodeProfilePropertiesType0TypeBreakdownType0 | Unset):
    """

    total: int | None | Unset = UNSET
    type_breakdown: None | PostcodeProfilePropertiesType0TypeBreakdownType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.postcode_profile_properties_type_0_type_breakdown_type_0 import (
            PostcodeProfilePropertiesType0TypeBreakdownType0,  # noqa: PLC0415
        )

        total: int | None | Unset
        if isinstance(self.total, Unset):
            total = UNSET
        else:
            total = self.total

        type_breakdown: dict[str, Any] | None | Unset
        if isinstance(self.type_breakdown, Unset):
            type_breakdown = UNSET
        elif isinstance(self.type_breakdown, PostcodeProfilePropertiesType0TypeBreakdownType0):
            type_breakdown = self.type_breakdown.to_dict()
        else:
            type_breakdown = self.type_breakdown

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if total is not UNSET:
            field_dict["total"] = total
        if type_breakdown is not UNSET:
            field_dict["type_breakdown"] = type_breakdown

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postcode_profile_properties_type_0_type_breakdown_type_0 import (
            PostcodeProfilePropertiesType0TypeBreakdownType0,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_total(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total = _parse_total(d.pop("total", UNSET))

        def _parse_type_breakdown(data: object) -> None | PostcodeProfilePropertiesType0TypeBreakdownType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                type_breakdown_type_0 = PostcodeProfilePropertiesType0TypeBreakdownType0.from_dict(data)

                return type_breakdown_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfilePropertiesType0TypeBreakdownType0 | Unset, data)

        type_breakdown = _parse_type_breakdown(d.pop("type_breakdown", UNSET))

        postcode_profile_properties_type_0 = cls(
            total=total,
            type_breakdown=type_breakdown,
        )

        postcode_profile_properties_type_0.additional_properties = d
        return postcode_profile_properties_type_0

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
