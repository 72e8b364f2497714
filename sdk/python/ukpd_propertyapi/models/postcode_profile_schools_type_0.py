from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.postcode_profile_schools_type_0_by_ofsted_rating_type_0 import (
        PostcodeProfileSchoolsType0ByOfstedRatingType0,
    )


T = TypeVar("T", bound="PostcodeProfileSchoolsType0")


@_attrs_define
class PostcodeProfileSchoolsType0:
    """
    Attributes:
        by_ofsted_rating (None | PostcodeProfileSchoolsType0ByOfstedRatingType0 | Unset):
        radius_km (float | None | Unset):
        total (int | None | Unset):
    """

    by_ofsted_rating: None | PostcodeProfileSchoolsType0ByOfstedRatingType0 | Unset = UNSET
    radius_km: float | None | Unset = UNSET
    total: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.postcode_profile_schools_type_0_by_ofsted_rating_type_0 import (
            PostcodeProfileSchoolsType0ByOfstedRatingType0,  # noqa: PLC0415
        )

        by_ofsted_rating: dict[str, Any] | None | Unset
        if isinstance(self.by_ofsted_rating, Unset):
            by_ofsted_rating = UNSET
        elif isinstance(self.by_ofsted_rating, PostcodeProfileSchoolsType0ByOfstedRatingType0):
            by_ofsted_rating = self.by_ofsted_rating.to_dict()
        else:
            by_ofsted_rating = self.by_ofsted_rating

        radius_km: float | None | Unset
        if isinstance(self.radius_km, Unset):
            radius_km = UNSET
        else:
            radius_km = self.radius_km

        total: int | None | Unset
        if isinstance(self.total, Unset):
            total = UNSET
        else:
            total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if by_ofsted_rating is not UNSET:
            field_dict["by_ofsted_rating"] = by_ofsted_rating
        if radius_km is not UNSET:
            field_dict["radius_km"] = radius_km
        if total is not UNSET:
            field_dict["total"] = total

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postcode_profile_schools_type_0_by_ofsted_rating_type_0 import (
            PostcodeProfileSchoolsType0ByOfstedRatingType0,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_by_ofsted_rating(data: object) -> None | PostcodeProfileSchoolsType0ByOfstedRatingType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                by_ofsted_rating_type_0 = PostcodeProfileSchoolsType0ByOfstedRatingType0.from_dict(data)

                return by_ofsted_rating_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileSchoolsType0ByOfstedRatingType0 | Unset, data)

        by_ofsted_rating = _parse_by_ofsted_rating(d.pop("by_ofsted_rating", UNSET))

        def _parse_radius_km(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        radius_km = _parse_radius_km(d.pop("radius_km", UNSET))

        def _parse_total(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total = _parse_total(d.pop("total", UNSET))

        postcode_profile_schools_type_0 = cls(
            by_ofsted_rating=by_ofsted_rating,
            radius_km=radius_km,
            total=total,
        )

        postcode_profile_schools_type_0.additional_properties = d
        return postcode_profile_schools_type_0

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
