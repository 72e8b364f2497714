from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.price_period_type_0 import PricePeriodType0
    from ..models.price_trends_months_item import PriceTrendsMonthsItem


T = TypeVar("T", bound="PriceTrends")


@_attrs_define
class PriceTrends:
    """
    Attributes:
        outcode (str):
        coefficient_of_variation (float | None | Unset):
        listing_count (int | None | Unset):
        months (list[PriceTrendsMonthsItem] | Unset):
        period (None | PricePeriodType0 | Unset):
        volatility_label (None | str | Unset):
        volatility_method (None | str | Unset):
        volatility_score (float | None | Unset):
    """

    outcode: str
    coefficient_of_variation: float | None | Unset = UNSET
    listing_count: int | None | Unset = UNSET
    months: list[PriceTrendsMonthsItem] | Unset = UNSET
    period: None | PricePeriodType0 | Unset = UNSET
    volatility_label: None | str | Unset = UNSET
    volatility_method: None | str | Unset = UNSET
    volatility_score: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.price_period_type_0 import PricePeriodType0  # noqa: PLC0415

        outcode = self.outcode

        coefficient_of_variation: float | None | Unset
        if isinstance(self.coefficient_of_variation, Unset):
            coefficient_of_variation = UNSET
        else:
            coefficient_of_variation = self.coefficient_of_variation

        listing_count: int | None | Unset
        if isinstance(self.listing_count, Unset):
            listing_count = UNSET
        else:
            listing_count = self.listing_count

        months: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.months, Unset):
            months = []
            for months_item_data in self.months:
                months_item = months_item_data.to_dict()
                months.append(months_item)

        period: dict[str, Any] | None | Unset
        if isinstance(self.period, Unset):
            period = UNSET
        elif isinstance(self.period, PricePeriodType0):
            period = self.period.to_dict()
        else:
            period = self.period

        volatility_label: None | str | Unset
        if isinstance(self.volatility_label, Unset):
            volatility_label = UNSET
        else:
            volatility_label = self.volatility_label

        volatility_method: None | str | Unset
        if isinstance(self.volatility_method, Unset):
            volatility_method = UNSET
        else:
            volatility_method = self.volatility_method

        volatility_score: float | None | Unset
        if isinstance(self.volatility_score, Unset):
            volatility_score = UNSET
        else:
            volatility_score = self.volatility_score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "outcode": outcode,
            }
        )
        if coefficient_of_variation is not UNSET:
            field_dict["coefficient_of_variation"] = coefficient_of_variation
        if listing_count is not UNSET:
            field_dict["listing_count"] = listing_count
        if months is not UNSET:
            field_dict["months"] = months
        if period is not UNSET:
            field_dict["period"] = period
        if volatility_label is not UNSET:
            field_dict["volatility_label"] = volatility_label
        if volatility_method is not UNSET:
            field_dict["volatility_method"] = volatility_method
        if volatility_score is not UNSET:
            field_dict["volatility_score"] = volatility_score

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.price_period_type_0 import PricePeriodType0  # noqa: PLC0415
        from ..models.price_trends_months_item import PriceTrendsMonthsItem  # noqa: PLC0415

        d = dict(src_dict)
        outcode = d.pop("outcode")

        def _parse_coefficient_of_variation(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        coefficient_of_variation = _parse_coefficient_of_variation(d.pop("coefficient_of_variation", UNSET))

        def _parse_listing_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        listing_count = _parse_listing_count(d.pop("listing_count", UNSET))

        _months = d.pop("months", UNSET)
        months: list[PriceTrendsMonthsItem] | Unset = UNSET
        if _months is not UNSET:
            months = []
            for months_item_data in _months:
                months_item = PriceTrendsMonthsItem.from_dict(months_item_data)

                months.append(months_item)

        def _parse_period(data: object) -> None | PricePeriodType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_price_period_type_0 = PricePeriodType0.from_dict(data)

                return componentsschemas_price_period_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PricePeriodType0 | Unset, data)

        period = _parse_period(d.pop("period", UNSET))

        def _parse_volatility_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        volatility_label = _parse_volatility_label(d.pop("volatility_label", UNSET))

        def _parse_volatility_method(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        volatility_method = _parse_volatility_method(d.pop("volatility_method", UNSET))

        def _parse_volatility_score(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        volatility_score = _parse_volatility_score(d.pop("volatility_score", UNSET))

        price_trends = cls(
            outcode=outcode,
            coefficient_of_variation=coefficient_of_variation,
            listing_count=listing_count,
            months=months,
            period=period,
            volatility_label=volatility_label,
            volatility_method=volatility_method,
            volatility_score=volatility_score,
        )

        price_trends.additional_properties = d
        return price_trends

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
