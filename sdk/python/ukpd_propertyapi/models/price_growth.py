from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.growth_period_type_0 import GrowthPeriodType0


T = TypeVar("T", bound="PriceGrowth")


@_attrs_define
class PriceGrowth:
    """
    Attributes:
        outcode (str):
        current_period (GrowthPeriodType0 | None | Unset):
        data_quality (None | str | Unset):
        prior_period (GrowthPeriodType0 | None | Unset):
        trend (None | str | Unset):
        yoy_change_gbp (int | None | Unset):
        yoy_change_pct (float | None | Unset):
    """

    outcode: str
    current_period: GrowthPeriodType0 | None | Unset = UNSET
    data_quality: None | str | Unset = UNSET
    prior_period: GrowthPeriodType0 | None | Unset = UNSET
    trend: None | str | Unset = UNSET
    yoy_change_gbp: int | None | Unset = UNSET
    yoy_change_pct: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.growth_period_type_0 import GrowthPeriodType0  # noqa: PLC0415

        outcode = self.outcode

        current_period: dict[str, Any] | None | Unset
        if isinstance(self.current_period, Unset):
            current_period = UNSET
        elif isinstance(self.current_period, GrowthPeriodType0):
            current_period = self.current_period.to_dict()
        else:
            current_period = self.current_period

        data_quality: None | str | Unset
        if isinstance(self.data_quality, Unset):
            data_quality = UNSET
        else:
            data_quality = self.data_quality

        prior_period: dict[str, Any] | None | Unset
        if isinstance(self.prior_period, Unset):
            prior_period = UNSET
        elif isinstance(self.prior_period, GrowthPeriodType0):
            prior_period = self.prior_period.to_dict()
        else:
            prior_period = self.prior_period

        trend: None | str | Unset
        if isinstance(self.trend, Unset):
            trend = UNSET
        else:
            trend = self.trend

        yoy_change_gbp: int | None | Unset
        if isinstance(self.yoy_change_gbp, Unset):
            yoy_change_gbp = UNSET
        else:
            yoy_change_gbp = self.yoy_change_gbp

        yoy_change_pct: float | None | Unset
        if isinstance(self.yoy_change_pct, Unset):
            yoy_change_pct = UNSET
        else:
            yoy_change_pct = self.yoy_change_pct

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "outcode": outcode,
            }
        )
        if current_period is not UNSET:
            field_dict["current_period"] = current_period
        if data_quality is not UNSET:
            field_dict["data_quality"] = data_quality
        if prior_period is not UNSET:
            field_dict["prior_period"] = prior_period
        if trend is not UNSET:
            field_dict["trend"] = trend
        if yoy_change_gbp is not UNSET:
            field_dict["yoy_change_gbp"] = yoy_change_gbp
        if yoy_change_pct is not UNSET:
            field_dict["yoy_change_pct"] = yoy_change_pct

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.growth_period_type_0 import GrowthPeriodType0  # noqa: PLC0415

        d = dict(src_dict)
        outcode = d.pop("outcode")

        def _parse_current_period(data: object) -> GrowthPeriodType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_growth_period_type_0 = GrowthPeriodType0.from_dict(data)

                return componentsschemas_growth_period_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GrowthPeriodType0 | None | Unset, data)

        current_period = _parse_current_period(d.pop("current_period", UNSET))

        def _parse_data_quality(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        data_quality = _parse_data_quality(d.pop("data_quality", UNSET))

        def _parse_prior_period(data: object) -> GrowthPeriodType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_growth_period_type_0 = GrowthPeriodType0.from_dict(data)

                return componentsschemas_growth_period_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GrowthPeriodType0 | None | Unset, data)

        prior_period = _parse_prior_period(d.pop("prior_period", UNSET))

        def _parse_trend(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trend = _parse_trend(d.pop("trend", UNSET))

        def _parse_yoy_change_gbp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        yoy_change_gbp = _parse_yoy_change_gbp(d.pop("yoy_change_gbp", UNSET))

        def _parse_yoy_change_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        yoy_change_pct = _parse_yoy_change_pct(d.pop("yoy_change_pct", UNSET))

        price_growth = cls(
            outcode=outcode,
            current_period=current_period,
            data_quality=data_quality,
            prior_period=prior_period,
            trend=trend,
            yoy_change_gbp=yoy_change_gbp,
            yoy_change_pct=yoy_change_pct,
        )

        price_growth.additional_properties = d
        return price_growth

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
