from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.postcode_profile_deprivation_type_0_domains import PostcodeProfileDeprivationType0Domains


T = TypeVar("T", bound="PostcodeProfileDeprivationType0")


@_attrs_define
class PostcodeProfileDeprivationType0:
    """
    Attributes:
        domains (PostcodeProfileDeprivationType0Domains | Unset): Domain to decile.
        imd_decile (int | None | Unset):
        imd_rank (int | None | Unset):
        imd_score (float | None | Unset):
        label (None | str | Unset):
    """

    domains: PostcodeProfileDeprivationType0Domains | Unset = UNSET
    imd_decile: int | None | Unset = UNSET
    imd_rank: int | None | Unset = UNSET
    imd_score: float | None | Unset = UNSET
    label: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        domains: dict[str, Any] | Unset = UNSET
        if not isinstance(self.domains, Unset):
            domains = self.domains.to_dict()

        imd_decile: int | None | Unset
        if isinstance(self.imd_decile, Unset):
            imd_decile = UNSET
        else:
            imd_decile = self.imd_decile

        imd_rank: int | None | Unset
        if isinstance(self.imd_rank, Unset):
            imd_rank = UNSET
        else:
            imd_rank = self.imd_rank

        imd_score: float | None | Unset
        if isinstance(self.imd_score, Unset):
            imd_score = UNSET
        else:
            imd_score = self.imd_score

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if domains is not UNSET:
            field_dict["domains"] = domains
        if imd_decile is not UNSET:
            field_dict["imd_decile"] = imd_decile
        if imd_rank is not UNSET:
            field_dict["imd_rank"] = imd_rank
        if imd_score is not UNSET:
            field_dict["imd_score"] = imd_score
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postcode_profile_deprivation_type_0_domains import PostcodeProfileDeprivationType0Domains  # noqa: PLC0415

        d = dict(src_dict)
        _domains = d.pop("domains", UNSET)
        domains: PostcodeProfileDeprivationType0Domains | Unset
        if isinstance(_domains, Unset):
            domains = UNSET
        else:
            domains = PostcodeProfileDeprivationType0Domains.from_dict(_domains)

        def _parse_imd_decile(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        imd_decile = _parse_imd_decile(d.pop("imd_decile", UNSET))

        def _parse_imd_rank(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        imd_rank = _parse_imd_rank(d.pop("imd_rank", UNSET))

        def _parse_imd_score(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        imd_score = _parse_imd_score(d.pop("imd_score", UNSET))

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        postcode_profile_deprivation_type_0 = cls(
            domains=domains,
            imd_decile=imd_decile,
            imd_rank=imd_rank,
            imd_score=imd_score,
            label=label,
        )

        postcode_profile_deprivation_type_0.additional_properties = d
        return postcode_profile_deprivation_type_0

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
