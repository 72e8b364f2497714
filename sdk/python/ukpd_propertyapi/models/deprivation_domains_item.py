from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deprivation_domains_item_domain import DeprivationDomainsItemDomain, check_deprivation_domains_item_domain
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeprivationDomainsItem")


@_attrs_define
class DeprivationDomainsItem:
    """
    Attributes:
        decile (int | None | Unset):
        description (None | str | Unset):
        domain (DeprivationDomainsItemDomain | Unset):
        label (None | str | Unset):
        rank (int | None | Unset):
        score (int | None | Unset):
        score_label (None | str | Unset):
    """

    decile: int | None | Unset = UNSET
    description: None | str | Unset = UNSET
    domain: DeprivationDomainsItemDomain | Unset = UNSET
    label: None | str | Unset = UNSET
    rank: int | None | Unset = UNSET
    score: int | None | Unset = UNSET
    score_label: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        decile: int | None | Unset
        if isinstance(self.decile, Unset):
            decile = UNSET
        else:
            decile = self.decile

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        domain: str | Unset = UNSET
        if not isinstance(self.domain, Unset):
            domain = self.domain

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

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

        score_label: None | str | Unset
        if isinstance(self.score_label, Unset):
            score_label = UNSET
        else:
            score_label = self.score_label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if decile is not UNSET:
            field_dict["decile"] = decile
        if description is not UNSET:
            field_dict["description"] = description
        if domain is not UNSET:
            field_dict["domain"] = domain
        if label is not UNSET:
            field_dict["label"] = label
        if rank is not UNSET:
            field_dict["rank"] = rank
        if score is not UNSET:
            field_dict["score"] = score
        if score_label is not UNSET:
            field_dict["score_label"] = score_label

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

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _domain = d.pop("domain", UNSET)
        domain: DeprivationDomainsItemDomain | Unset
        if isinstance(_domain, Unset):
            domain = UNSET
        else:
            domain = check_deprivation_domains_item_domain(_domain)

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

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

        def _parse_score_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        score_label = _parse_score_label(d.pop("score_label", UNSET))

        deprivation_domains_item = cls(
            decile=decile,
            description=description,
            domain=domain,
            label=label,
            rank=rank,
            score=score,
            score_label=score_label,
        )

        deprivation_domains_item.additional_properties = d
        return deprivation_domains_item

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
