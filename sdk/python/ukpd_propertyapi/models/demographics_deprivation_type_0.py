from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DemographicsDeprivationType0")


@_attrs_define
class DemographicsDeprivationType0:
    """
    Attributes:
        imd_decile (int | None | Unset):
        imd_rank (int | None | Unset):
        label (None | str | Unset):
        lsoa_code (None | str | Unset):
        score (int | None | Unset):
    """

    imd_decile: int | None | Unset = UNSET
    imd_rank: int | None | Unset = UNSET
    label: None | str | Unset = UNSET
    lsoa_code: None | str | Unset = UNSET
    score: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        lsoa_code: None | str | Unset
        if isinstance(self.lsoa_code, Unset):
            lsoa_code = UNSET
        else:
            lsoa_code = self.lsoa_code

        score: int | None | Unset
        if isinstance(self.score, Unset):
            score = UNSET
        else:
            score = self.score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if imd_decile is not UNSET:
            field_dict["imd_decile"] = imd_decile
        if imd_rank is not UNSET:
            field_dict["imd_rank"] = imd_rank
        if label is not UNSET:
            field_dict["label"] = label
        if lsoa_code is not UNSET:
            field_dict["lsoa_code"] = lsoa_code
        if score is not UNSET:
            field_dict["score"] = score

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

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

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        def _parse_lsoa_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lsoa_code = _parse_lsoa_code(d.pop("lsoa_code", UNSET))

        def _parse_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        score = _parse_score(d.pop("score", UNSET))

        demographics_deprivation_type_0 = cls(
            imd_decile=imd_decile,
            imd_rank=imd_rank,
            label=label,
            lsoa_code=lsoa_code,
            score=score,
        )

        demographics_deprivation_type_0.additional_properties = d
        return demographics_deprivation_type_0

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
