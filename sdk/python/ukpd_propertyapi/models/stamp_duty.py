from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stamp_duty_region import StampDutyRegion, check_stamp_duty_region
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.stamp_duty_additional_dwelling_supplement_type_0 import StampDutyAdditionalDwellingSupplementType0
    from ..models.stamp_duty_bands_item import StampDutyBandsItem
    from ..models.stamp_duty_rates_type_0 import StampDutyRatesType0


T = TypeVar("T", bound="StampDuty")


@_attrs_define
class StampDuty:
    """
    Attributes:
        additional_dwelling_supplement (None | StampDutyAdditionalDwellingSupplementType0): The additional-dwelling
            supplement when one applies; null otherwise (the key is always present).
        bands (list[StampDutyBandsItem]):
        total_tax (float):
        buyer_type (None | str | Unset):
        effective_rate_pct (float | None | Unset):
        first_time_buyer_relief (bool | None | Unset):
        non_resident (bool | None | Unset):
        notes (list[None | str] | Unset):
        price (float | Unset):
        rates (None | StampDutyRatesType0 | Unset):
        region (StampDutyRegion | Unset):
        surcharge_pct (float | None | Unset):
        tax (str | Unset): Name of the tax: SDLT, LTT or LBTT.
    """

    additional_dwelling_supplement: None | StampDutyAdditionalDwellingSupplementType0
    bands: list[StampDutyBandsItem]
    total_tax: float
    buyer_type: None | str | Unset = UNSET
    effective_rate_pct: float | None | Unset = UNSET
    first_time_buyer_relief: bool | None | Unset = UNSET
    non_resident: bool | None | Unset = UNSET
    notes: list[None | str] | Unset = UNSET
    price: float | Unset = UNSET
    rates: None | StampDutyRatesType0 | Unset = UNSET
    region: StampDutyRegion | Unset = UNSET
    surcharge_pct: float | None | Unset = UNSET
    tax: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.stamp_duty_additional_dwelling_supplement_type_0 import StampDutyAdditionalDwellingSupplementType0  # noqa: PLC0415
        from ..models.stamp_duty_rates_type_0 import StampDutyRatesType0  # noqa: PLC0415

        additional_dwelling_supplement: dict[str, Any] | None
        if isinstance(self.additional_dwelling_supplement, StampDutyAdditionalDwellingSupplementType0):
            additional_dwelling_supplement = self.additional_dwelling_supplement.to_dict()
        else:
            additional_dwelling_supplement = self.additional_dwelling_supplement

        bands = []
        for bands_item_data in self.bands:
            bands_item = bands_item_data.to_dict()
            bands.append(bands_item)

        total_tax = self.total_tax

        buyer_type: None | str | Unset
        if isinstance(self.buyer_type, Unset):
            buyer_type = UNSET
        else:
            buyer_type = self.buyer_type

        effective_rate_pct: float | None | Unset
        if isinstance(self.effective_rate_pct, Unset):
            effective_rate_pct = UNSET
        else:
            effective_rate_pct = self.effective_rate_pct

        first_time_buyer_relief: bool | None | Unset
        if isinstance(self.first_time_buyer_relief, Unset):
            first_time_buyer_relief = UNSET
        else:
            first_time_buyer_relief = self.first_time_buyer_relief

        non_resident: bool | None | Unset
        if isinstance(self.non_resident, Unset):
            non_resident = UNSET
        else:
            non_resident = self.non_resident

        notes: list[None | str] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = []
            for notes_item_data in self.notes:
                notes_item: None | str
                notes_item = notes_item_data
                notes.append(notes_item)

        price = self.price

        rates: dict[str, Any] | None | Unset
        if isinstance(self.rates, Unset):
            rates = UNSET
        elif isinstance(self.rates, StampDutyRatesType0):
            rates = self.rates.to_dict()
        else:
            rates = self.rates

        region: str | Unset = UNSET
        if not isinstance(self.region, Unset):
            region = self.region

        surcharge_pct: float | None | Unset
        if isinstance(self.surcharge_pct, Unset):
            surcharge_pct = UNSET
        else:
            surcharge_pct = self.surcharge_pct

        tax = self.tax

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "additional_dwelling_supplement": additional_dwelling_supplement,
                "bands": bands,
                "total_tax": total_tax,
            }
        )
        if buyer_type is not UNSET:
            field_dict["buyer_type"] = buyer_type
        if effective_rate_pct is not UNSET:
            field_dict["effective_rate_pct"] = effective_rate_pct
        if first_time_buyer_relief is not UNSET:
            field_dict["first_time_buyer_relief"] = first_time_buyer_relief
        if non_resident is not UNSET:
            field_dict["non_resident"] = non_resident
        if notes is not UNSET:
            field_dict["notes"] = notes
        if price is not UNSET:
            field_dict["price"] = price
        if rates is not UNSET:
            field_dict["rates"] = rates
        if region is not UNSET:
            field_dict["region"] = region
        if surcharge_pct is not UNSET:
            field_dict["surcharge_pct"] = surcharge_pct
        if tax is not UNSET:
            field_dict["tax"] = tax

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stamp_duty_additional_dwelling_supplement_type_0 import StampDutyAdditionalDwellingSupplementType0  # noqa: PLC0415
        from ..models.stamp_duty_bands_item import StampDutyBandsItem  # noqa: PLC0415
        from ..models.stamp_duty_rates_type_0 import StampDutyRatesType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_additional_dwelling_supplement(data: object) -> None | StampDutyAdditionalDwellingSupplementType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                additional_dwelling_supplement_type_0 = StampDutyAdditionalDwellingSupplementType0.from_dict(data)

                return additional_dwelling_supplement_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StampDutyAdditionalDwellingSupplementType0, data)

        additional_dwelling_supplement = _parse_additional_dwelling_supplement(d.pop("additional_dwelling_supplement"))

        bands = []
        _bands = d.pop("bands")
        for bands_item_data in _bands:
            bands_item = StampDutyBandsItem.from_dict(bands_item_data)

            bands.append(bands_item)

        total_tax = d.pop("total_tax")

        def _parse_buyer_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        buyer_type = _parse_buyer_type(d.pop("buyer_type", UNSET))

        def _parse_effective_rate_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        effective_rate_pct = _parse_effective_rate_pct(d.pop("effective_rate_pct", UNSET))

        def _parse_first_time_buyer_relief(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        first_time_buyer_relief = _parse_first_time_buyer_relief(d.pop("first_time_buyer_relief", UNSET))

        def _parse_non_resident(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        non_resident = _parse_non_resident(d.pop("non_resident", UNSET))

        _notes = d.pop("notes", UNSET)
        notes: list[None | str] | Unset = UNSET
        if _notes is not UNSET:
            notes = []
            for notes_item_data in _notes:

                def _parse_notes_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                notes_item = _parse_notes_item(notes_item_data)

                notes.append(notes_item)

        price = d.pop("price", UNSET)

        def _parse_rates(data: object) -> None | StampDutyRatesType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rates_type_0 = StampDutyRatesType0.from_dict(data)

                return rates_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StampDutyRatesType0 | Unset, data)

        rates = _parse_rates(d.pop("rates", UNSET))

        _region = d.pop("region", UNSET)
        region: StampDutyRegion | Unset
        if isinstance(_region, Unset):
            region = UNSET
        else:
            region = check_stamp_duty_region(_region)

        def _parse_surcharge_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        surcharge_pct = _parse_surcharge_pct(d.pop("surcharge_pct", UNSET))

        tax = d.pop("tax", UNSET)

        stamp_duty = cls(
            additional_dwelling_supplement=additional_dwelling_supplement,
            bands=bands,
            total_tax=total_tax,
            buyer_type=buyer_type,
            effective_rate_pct=effective_rate_pct,
            first_time_buyer_relief=first_time_buyer_relief,
            non_resident=non_resident,
            notes=notes,
            price=price,
            rates=rates,
            region=region,
            surcharge_pct=surcharge_pct,
            tax=tax,
        )

        stamp_duty.additional_properties = d
        return stamp_duty

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
