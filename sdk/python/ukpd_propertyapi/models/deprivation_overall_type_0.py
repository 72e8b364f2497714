from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeprivationOverallType0")


@_attrs_define
class DeprivationOverallType0:
    """
    Attributes:
        decile (int | None | Unset):
        label (None | str | Unset):
        lad_rank (int | None | Unset):
        lad_rank_description (None | str | Unset):
        rank (int | None | Unset):
        score (int | None | Unset):
        short_label (None | str | Unset):
    """

    decile: int | None | Unset = UNSET
    label: None | str | Unset = UNSET
    lad_rank: int | None | Unset = UNSET
    lad_rank_description: None | str | Unset = UNSET
    rank: int | None | Unset = UNSET
    score: int | None | Unset = UNSET
    short_label: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        decile: int | None | Unset
        if isinstance(self.decile, Unset):
            decile = UNSET
        else:
            decile = self.decile

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        lad_rank: int | None | Unset
        if isinstance(self.lad_rank, Unset):
            lad_rank = UNSET
        else:
            lad_rank = self.lad_rank

        lad_rank_description: None | str | Unset
        if isinstance(self.lad_rank_description, Unset):
            lad_rank_description = UNSET
        else:
            lad_rank_description = self.lad_rank_description

        rank: int | None | Unset
        if isinstance(self.rank, Unset):
            rank = UNSET
        else:
            rank = self.rank

        score: int | None | Unset
        if isinstance(self.score, Unset):
            score = UNSET
        else:
            score = self.score

        short_label: None | str | Unset
        if isinstance(self.short_label, Unset):
            short_label = UNSET
        else:
            short_label = self.short_label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if decile is not UNSET:
            field_dict["decile"] = decile
        if label is not UNSET:
            field_dict["label"] = label
        if lad_rank is not UNSET:
            field_dict["lad_rank"] = lad_rank
        if lad_rank_description is not UNSET:
            field_dict["lad_rank_description"] = lad_rank_description
        if rank is not UNSET:
            field_dict["rank"] = rank
        if score is not UNSET:
            field_dict["score"] = score
        if short_label is not UNSET:
            field_dict["short_label"] = short_label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_decile(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        decile = _parse_decile(d.pop("decile", UNSET))

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        def _parse_lad_rank(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        lad_rank = _parse_lad_rank(d.pop("lad_rank", UNSET))

        def _parse_lad_rank_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lad_rank_description = _parse_lad_rank_description(d.pop("lad_rank_description", UNSET))

        def _parse_rank(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rank = _parse_rank(d.pop("rank", UNSET))

        def _parse_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        score = _parse_score(d.pop("score", UNSET))

        def _parse_short_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        short_label = _parse_short_label(d.pop("short_label", UNSET))

        deprivation_overall_type_0 = cls(
            decile=decile,
            label=label,
            lad_rank=lad_rank,
            lad_rank_description=lad_rank_description,
            rank=rank,
            score=score,
            short_label=short_label,
        )

        deprivation_overall_type_0.additional_properties = d
        return deprivation_overall_type_0

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
