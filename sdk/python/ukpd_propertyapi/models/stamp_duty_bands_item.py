from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="StampDutyBandsItem")


@_attrs_define
class StampDutyBandsItem:
    """
    Attributes:
        from_gbp (float | Unset):
        rate_pct (float | Unset):
        tax_gbp (float | Unset):
        taxable_gbp (float | Unset):
        upto_gbp (float | None | Unset):
    """

    from_gbp: float | Unset = UNSET
    rate_pct: float | Unset = UNSET
    tax_gbp: float | Unset = UNSET
    taxable_gbp: float | Unset = UNSET
    upto_gbp: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_gbp = self.from_gbp

        rate_pct = self.rate_pct

        tax_gbp = self.tax_gbp

        taxable_gbp = self.taxable_gbp

        upto_gbp: float | None | Unset
        if isinstance(self.upto_gbp, Unset):
            upto_gbp = UNSET
        else:
            upto_gbp = self.upto_gbp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if from_gbp is not UNSET:
            field_dict["from_gbp"] = from_gbp
        if rate_pct is not UNSET:
            field_dict["rate_pct"] = rate_pct
        if tax_gbp is not UNSET:
            field_dict["tax_gbp"] = tax_gbp
        if taxable_gbp is not UNSET:
            field_dict["taxable_gbp"] = taxable_gbp
        if upto_gbp is not UNSET:
            field_dict["upto_gbp"] = upto_gbp

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_gbp = d.pop("from_gbp", UNSET)

        rate_pct = d.pop("rate_pct", UNSET)

        tax_gbp = d.pop("tax_gbp", UNSET)

        taxable_gbp = d.pop("taxable_gbp", UNSET)

        def _parse_upto_gbp(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        upto_gbp = _parse_upto_gbp(d.pop("upto_gbp", UNSET))

        stamp_duty_bands_item = cls(
            from_gbp=from_gbp,
            rate_pct=rate_pct,
            tax_gbp=tax_gbp,
            taxable_gbp=taxable_gbp,
            upto_gbp=upto_gbp,
        )

        stamp_duty_bands_item.additional_properties = d
        return stamp_duty_bands_item

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
