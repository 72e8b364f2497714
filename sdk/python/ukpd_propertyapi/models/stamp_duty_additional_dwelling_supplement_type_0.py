from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="StampDutyAdditionalDwellingSupplementType0")


@_attrs_define
class StampDutyAdditionalDwellingSupplementType0:
    """The additional-dwelling supplement when one applies; null otherwise (the key is always present).

    Attributes:
        rate_pct (float | None | Unset):
        tax_gbp (float | None | Unset):
    """

    rate_pct: float | None | Unset = UNSET
    tax_gbp: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rate_pct: float | None | Unset
        if isinstance(self.rate_pct, Unset):
            rate_pct = UNSET
        else:
            rate_pct = self.rate_pct

        tax_gbp: float | None | Unset
        if isinstance(self.tax_gbp, Unset):
            tax_gbp = UNSET
        else:
            tax_gbp = self.tax_gbp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if rate_pct is not UNSET:
            field_dict["rate_pct"] = rate_pct
        if tax_gbp is not UNSET:
            field_dict["tax_gbp"] = tax_gbp

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_rate_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate_pct = _parse_rate_pct(d.pop("rate_pct", UNSET))

        def _parse_tax_gbp(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        tax_gbp = _parse_tax_gbp(d.pop("tax_gbp", UNSET))

        stamp_duty_additional_dwelling_supplement_type_0 = cls(
            rate_pct=rate_pct,
            tax_gbp=tax_gbp,
        )

        stamp_duty_additional_dwelling_supplement_type_0.additional_properties = d
        return stamp_duty_additional_dwelling_supplement_type_0

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
