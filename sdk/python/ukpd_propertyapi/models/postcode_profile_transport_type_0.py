from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.postcode_profile_transport_type_0_by_type_type_0 import PostcodeProfileTransportType0ByTypeType0


T = TypeVar("T", bound="PostcodeProfileTransportType0")


@_attrs_define
class PostcodeProfileTransportType0:
    """
    Attributes:
        by_type (None | PostcodeProfileTransportType0ByTypeType0 | Unset):
        radius_m (float | None | Unset):
        total (int | None | Unset):
    """

    by_type: None | PostcodeProfileTransportType0ByTypeType0 | Unset = UNSET
    radius_m: float | None | Unset = UNSET
    total: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.postcode_profile_transport_type_0_by_type_type_0 import PostcodeProfileTransportType0ByTypeType0  # noqa: PLC0415

        by_type: dict[str, Any] | None | Unset
        if isinstance(self.by_type, Unset):
            by_type = UNSET
        elif isinstance(self.by_type, PostcodeProfileTransportType0ByTypeType0):
            by_type = self.by_type.to_dict()
        else:
            by_type = self.by_type

        radius_m: float | None | Unset
        if isinstance(self.radius_m, Unset):
            radius_m = UNSET
        else:
            radius_m = self.radius_m

        total: int | None | Unset
        if isinstance(self.total, Unset):
            total = UNSET
        else:
            total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if by_type is not UNSET:
            field_dict["by_type"] = by_type
        if radius_m is not UNSET:
            field_dict["radius_m"] = radius_m
        if total is not UNSET:
            field_dict["total"] = total

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postcode_profile_transport_type_0_by_type_type_0 import PostcodeProfileTransportType0ByTypeType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_by_type(data: object) -> None | PostcodeProfileTransportType0ByTypeType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                by_type_type_0 = PostcodeProfileTransportType0ByTypeType0.from_dict(data)

                return by_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileTransportType0ByTypeType0 | Unset, data)

        by_type = _parse_by_type(d.pop("by_type", UNSET))

        def _parse_radius_m(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        radius_m = _parse_radius_m(d.pop("radius_m", UNSET))

        def _parse_total(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total = _parse_total(d.pop("total", UNSET))

        postcode_profile_transport_type_0 = cls(
            by_type=by_type,
            radius_m=radius_m,
            total=total,
        )

        postcode_profile_transport_type_0.additional_properties = d
        return postcode_profile_transport_type_0

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
