from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.council_tax_band_history_item import CouncilTaxBandHistoryItem


T = TypeVar("T", bound="CouncilTax")


@_attrs_define
class CouncilTax:
    """
    Attributes:
        council_tax_band (str):
        uprn (int):
        address (None | str | Unset):
        annual_charge_gbp (float | None | Unset):
        annual_charge_pence (int | None | Unset):
        band_d_charge_pence (int | None | Unset):
        band_history (list[CouncilTaxBandHistoryItem] | Unset):
        billing_authority (None | str | Unset):
        is_current_year (bool | None | Unset):
        lad_code (None | str | Unset):
        year (None | str | Unset): Tax year of the charge, e.g. "2025-26".
    """

    council_tax_band: str
    uprn: int
    address: None | str | Unset = UNSET
    annual_charge_gbp: float | None | Unset = UNSET
    annual_charge_pence: int | None | Unset = UNSET
    band_d_charge_pence: int | None | Unset = UNSET
    band_history: list[CouncilTaxBandHistoryItem] | Unset = UNSET
    billing_authority: None | str | Unset = UNSET
    is_current_year: bool | None | Unset = UNSET
    lad_code: None | str | Unset = UNSET
    year: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        council_tax_band = self.council_tax_band

        uprn = self.uprn

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        annual_charge_gbp: float | None | Unset
        if isinstance(self.annual_charge_gbp, Unset):
            annual_charge_gbp = UNSET
        else:
            annual_charge_gbp = self.annual_charge_gbp

        annual_charge_pence: int | None | Unset
        if isinstance(self.annual_charge_pence, Unset):
            annual_charge_pence = UNSET
        else:
            annual_charge_pence = self.annual_charge_pence

        band_d_charge_pence: int | None | Unset
        if isinstance(self.band_d_charge_pence, Unset):
            band_d_charge_pence = UNSET
        else:
            band_d_charge_pence = self.band_d_charge_pence

        band_history: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.band_history, Unset):
            band_history = []
            for band_history_item_data in self.band_history:
                band_history_item = band_history_item_data.to_dict()
                band_history.append(band_history_item)

        billing_authority: None | str | Unset
        if isinstance(self.billing_authority, Unset):
            billing_authority = UNSET
        else:
            billing_authority = self.billing_authority

        is_current_year: bool | None | Unset
        if isinstance(self.is_current_year, Unset):
            is_current_year = UNSET
        else:
            is_current_year = self.is_current_year

        lad_code: None | str | Unset
        if isinstance(self.lad_code, Unset):
            lad_code = UNSET
        else:
            lad_code = self.lad_code

        year: None | str | Unset
        if isinstance(self.year, Unset):
            year = UNSET
        else:
            year = self.year

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "council_tax_band": council_tax_band,
                "uprn": uprn,
            }
        )
        if address is not UNSET:
            field_dict["address"] = address
        if annual_charge_gbp is not UNSET:
            field_dict["annual_charge_gbp"] = annual_charge_gbp
        if annual_charge_pence is not UNSET:
            field_dict["annual_charge_pence"] = annual_charge_pence
        if band_d_charge_pence is not UNSET:
            field_dict["band_d_charge_pence"] = band_d_charge_pence
        if band_history is not UNSET:
            field_dict["band_history"] = band_history
        if billing_authority is not UNSET:
            field_dict["billing_authority"] = billing_authority
        if is_current_year is not UNSET:
            field_dict["is_current_year"] = is_current_year
        if lad_code is not UNSET:
            field_dict["lad_code"] = lad_code
        if year is not UNSET:
            field_dict["year"] = year

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.council_tax_band_history_item import CouncilTaxBandHistoryItem  # noqa: PLC0415

        d = dict(src_dict)
        council_tax_band = d.pop("council_tax_band")

        uprn = d.pop("uprn")

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        def _parse_annual_charge_gbp(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        annual_charge_gbp = _parse_annual_charge_gbp(d.pop("annual_charge_gbp", UNSET))

        def _parse_annual_charge_pence(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        annual_charge_pence = _parse_annual_charge_pence(d.pop("annual_charge_pence", UNSET))

        def _parse_band_d_charge_pence(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        band_d_charge_pence = _parse_band_d_charge_pence(d.pop("band_d_charge_pence", UNSET))

        _band_history = d.pop("band_history", UNSET)
        band_history: list[CouncilTaxBandHistoryItem] | Unset = UNSET
        if _band_history is not UNSET:
            band_history = []
            for band_history_item_data in _band_history:
                band_history_item = CouncilTaxBandHistoryItem.from_dict(band_history_item_data)

                band_history.append(band_history_item)

        def _parse_billing_authority(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        billing_authority = _parse_billing_authority(d.pop("billing_authority", UNSET))

        def _parse_is_current_year(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_current_year = _parse_is_current_year(d.pop("is_current_year", UNSET))

        def _parse_lad_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lad_code = _parse_lad_code(d.pop("lad_code", UNSET))

        def _parse_year(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        year = _parse_year(d.pop("year", UNSET))

        council_tax = cls(
            council_tax_band=council_tax_band,
            uprn=uprn,
            address=address,
            annual_charge_gbp=annual_charge_gbp,
            annual_charge_pence=annual_charge_pence,
            band_d_charge_pence=band_d_charge_pence,
            band_history=band_history,
            billing_authority=billing_authority,
            is_current_year=is_current_year,
            lad_code=lad_code,
            year=year,
        )

        council_tax.additional_properties = d
        return council_tax

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
