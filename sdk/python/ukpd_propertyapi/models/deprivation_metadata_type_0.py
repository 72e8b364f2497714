from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeprivationMetadataType0")


@_attrs_define
class DeprivationMetadataType0:
    """
    Attributes:
        score_explanation (None | str | Unset):
        source (None | str | Unset):
        total_lsoas (int | None | Unset):
    """

    score_explanation: None | str | Unset = UNSET
    source: None | str | Unset = UNSET
    total_lsoas: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        score_explanation: None | str | Unset
        if isinstance(self.score_explanation, Unset):
            score_explanation = UNSET
        else:
            score_explanation = self.score_explanation

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        total_lsoas: int | None | Unset
        if isinstance(self.total_lsoas, Unset):
            total_lsoas = UNSET
        else:
            total_lsoas = self.total_lsoas

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if score_explanation is not UNSET:
            field_dict["score_explanation"] = score_explanation
        if source is not UNSET:
            field_dict["source"] = source
        if total_lsoas is not UNSET:
            field_dict["total_lsoas"] = total_lsoas

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_score_explanation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        score_explanation = _parse_score_explanation(d.pop("score_explanation", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        def _parse_total_lsoas(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total_lsoas = _parse_total_lsoas(d.pop("total_lsoas", UNSET))

        deprivation_metadata_type_0 = cls(
            score_explanation=score_explanation,
            source=source,
            total_lsoas=total_lsoas,
        )

        deprivation_metadata_type_0.additional_properties = d
        return deprivation_metadata_type_0

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
