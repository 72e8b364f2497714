from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.valuation_estimate_methodology_type_0_weights_type_0 import (
        ValuationEstimateMethodologyType0WeightsType0,
    )


T = TypeVar("T", bound="ValuationEstimateMethodologyType0")


@_attrs_define
class ValuationEstimateMethodologyType0:
    """Depends on the method: composite gives weights, hpi_monthly_growth, comparable_radius_miles and sale_date_max_years;
    recent_sale_price gives source and sold_date; active_listing_price gives source, listing_added_date and
    listing_status.

        Attributes:
            comparable_radius_miles (float | None | Unset):
            hpi_monthly_growth (float | None | Unset):
            listing_added_date (datetime.date | None | Unset):
            listing_status (None | str | Unset):
            sale_date_max_years (float | None | Unset):
            sold_date (datetime.date | None | Unset):
            source (None | str | Unset):
            weights (None | Unset | ValuationEstimateMethodologyType0WeightsType0):
    """

    comparable_radius_miles: float | None | Unset = UNSET
    hpi_monthly_growth: float | None | Unset = UNSET
    listing_added_date: datetime.date | None | Unset = UNSET
    listing_status: None | str | Unset = UNSET
    sale_date_max_years: float | None | Unset = UNSET
    sold_date: datetime.date | None | Unset = UNSET
    source: None | str | Unset = UNSET
    weights: None | Unset | ValuationEstimateMethodologyType0WeightsType0 = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.valuation_estimate_methodology_type_0_weights_type_0 import (
            ValuationEstimateMethodologyType0WeightsType0,  # noqa: PLC0415
        )

        comparable_radius_miles: float | None | Unset
        if isinstance(self.comparable_radius_miles, Unset):
            comparable_radius_miles = UNSET
        else:
            comparable_radius_miles = self.comparable_radius_miles

        hpi_monthly_growth: float | None | Unset
        if isinstance(self.hpi_monthly_growth, Unset):
            hpi_monthly_growth = UNSET
        else:
            hpi_monthly_growth = self.hpi_monthly_growth

        listing_added_date: None | str | Unset
        if isinstance(self.listing_added_date, Unset):
            listing_added_date = UNSET
        elif isinstance(self.listing_added_date, datetime.date):
            listing_added_date = self.listing_added_date.isoformat()
        else:
            listing_added_date = self.listing_added_date

        listing_status: None | str | Unset
        if isinstance(self.listing_status, Unset):
            listing_status = UNSET
        else:
            listing_status = self.listing_status

        sale_date_max_years: float | None | Unset
        if isinstance(self.sale_date_max_years, Unset):
            sale_date_max_years = UNSET
        else:
            sale_date_max_years = self.sale_date_max_years

        sold_date: None | str | Unset
        if isinstance(self.sold_date, Unset):
            sold_date = UNSET
        elif isinstance(self.sold_date, datetime.date):
            sold_date = self.sold_date.isoformat()
        else:
            sold_date = self.sold_date

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        weights: dict[str, Any] | None | Unset
        if isinstance(self.weights, Unset):
            weights = UNSET
        elif isinstance(self.weights, ValuationEstimateMethodologyType0WeightsType0):
            weights = self.weights.to_dict()
        else:
            weights = self.weights

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if comparable_radius_miles is not UNSET:
            field_dict["comparable_radius_miles"] = comparable_radius_miles
        if hpi_monthly_growth is not UNSET:
            field_dict["hpi_monthly_growth"] = hpi_monthly_growth
        if listing_added_date is not UNSET:
            field_dict["listing_added_date"] = listing_added_date
        if listing_status is not UNSET:
            field_dict["listing_status"] = listing_status
        if sale_date_max_years is not UNSET:
            field_dict["sale_date_max_years"] = sale_date_max_years
        if sold_date is not UNSET:
            field_dict["sold_date"] = sold_date
        if source is not UNSET:
            field_dict["source"] = source
        if weights is not UNSET:
            field_dict["weights"] = weights

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.valuation_estimate_methodology_type_0_weights_type_0 import (
            ValuationEstimateMethodologyType0WeightsType0,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_comparable_radius_miles(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        comparable_radius_miles = _parse_comparable_radius_miles(d.pop("comparable_radius_miles", UNSET))

        def _parse_hpi_monthly_growth(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        hpi_monthly_growth = _parse_hpi_monthly_growth(d.pop("hpi_monthly_growth", UNSET))

        def _parse_listing_added_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                listing_added_date_type_0 = datetime.date.fromisoformat(data)

                return listing_added_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        listing_added_date = _parse_listing_added_date(d.pop("listing_added_date", UNSET))

        def _parse_listing_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        listing_status = _parse_listing_status(d.pop("listing_status", UNSET))

        def _parse_sale_date_max_years(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        sale_date_max_years = _parse_sale_date_max_years(d.pop("sale_date_max_years", UNSET))

        def _parse_sold_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sold_date_type_0 = datetime.date.fromisoformat(data)

                return sold_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        sold_date = _parse_sold_date(d.pop("sold_date", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        def _parse_weights(data: object) -> None | Unset | ValuationEstimateMethodologyType0WeightsType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                weights_type_0 = ValuationEstimateMethodologyType0WeightsType0.from_dict(data)

                return weights_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | ValuationEstimateMethodologyType0WeightsType0, data)

        weights = _parse_weights(d.pop("weights", UNSET))

        valuation_estimate_methodology_type_0 = cls(
            comparable_radius_miles=comparable_radius_miles,
            hpi_monthly_growth=hpi_monthly_growth,
            listing_added_date=listing_added_date,
            listing_status=listing_status,
            sale_date_max_years=sale_date_max_years,
            sold_date=sold_date,
            source=source,
            weights=weights,
        )

        valuation_estimate_methodology_type_0.additional_properties = d
        return valuation_estimate_methodology_type_0

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
