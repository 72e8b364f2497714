from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.price_distribution_bin_list_item import PriceDistributionBinListItem
    from ..models.price_distribution_bins import PriceDistributionBins
    from ..models.price_period_type_0 import PricePeriodType0


T = TypeVar("T", bound="PriceDistribution")


@_attrs_define
class PriceDistribution:
    """
    Attributes:
        bins (PriceDistributionBins): Range label '<low>-<high>' (GBP) to a count of sales, in price order.
        outcode (str):
        bin_list (list[PriceDistributionBinListItem] | Unset):
        bin_width (int | None | Unset):
        median_sold_price (int | None | Unset):
        note (None | str | Unset):
        period (None | PricePeriodType0 | Unset):
        sale_count (int | None | Unset):
    """

    bins: PriceDistributionBins
    outcode: str
    bin_list: list[PriceDistributionBinListItem] | Unset = UNSET
    bin_width: int | None | Unset = UNSET
    median_sold_price: int | None | Unset = UNSET
    note: None | str | Unset = UNSET
    period: None | PricePeriodType0 | Unset = UNSET
    sale_count: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.price_period_type_0 import PricePeriodType0  # noqa: PLC0415

        bins = self.bins.to_dict()

        outcode = self.outcode

        bin_list: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.bin_list, Unset):
            bin_list = []
            for bin_list_item_data in self.bin_list:
                bin_list_item = bin_list_item_data.to_dict()
                bin_list.append(bin_list_item)

        bin_width: int | None | Unset
        if isinstance(self.bin_width, Unset):
            bin_width = UNSET
        else:
            bin_width = self.bin_width

        median_sold_price: int | None | Unset
        if isinstance(self.median_sold_price, Unset):
            median_sold_price = UNSET
        else:
            median_sold_price = self.median_sold_price

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        period: dict[str, Any] | None | Unset
        if isinstance(self.period, Unset):
            period = UNSET
        elif isinstance(self.period, PricePeriodType0):
            period = self.period.to_dict()
        else:
            period = self.period

        sale_count: int | None | Unset
        if isinstance(self.sale_count, Unset):
            sale_count = UNSET
        else:
            sale_count = self.sale_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bins": bins,
                "outcode": outcode,
            }
        )
        if bin_list is not UNSET:
            field_dict["bin_list"] = bin_list
        if bin_width is not UNSET:
            field_dict["bin_width"] = bin_width
        if median_sold_price is not UNSET:
            field_dict["median_sold_price"] = median_sold_price
        if note is not UNSET:
            field_dict["note"] = note
        if period is not UNSET:
            field_dict["period"] = period
        if sale_count is not UNSET:
            field_dict["sale_count"] = sale_count

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.price_distribution_bin_list_item import PriceDistributionBinListItem  # noqa: PLC0415
        from ..models.price_distribution_bins import PriceDistributionBins  # noqa: PLC0415
        from ..models.price_period_type_0 import PricePeriodType0  # noqa: PLC0415

        d = dict(src_dict)
        bins = PriceDistributionBins.from_dict(d.pop("bins"))

        outcode = d.pop("outcode")

        _bin_list = d.pop("bin_list", UNSET)
        bin_list: list[PriceDistributionBinListItem] | Unset = UNSET
        if _bin_list is not UNSET:
            bin_list = []
            for bin_list_item_data in _bin_list:
                bin_list_item = PriceDistributionBinListItem.from_dict(bin_list_item_data)

                bin_list.append(bin_list_item)

        def _parse_bin_width(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bin_width = _parse_bin_width(d.pop("bin_width", UNSET))

        def _parse_median_sold_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        median_sold_price = _parse_median_sold_price(d.pop("median_sold_price", UNSET))

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

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

        def _parse_sale_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sale_count = _parse_sale_count(d.pop("sale_count", UNSET))

        price_distribution = cls(
            bins=bins,
            outcode=outcode,
            bin_list=bin_list,
            bin_width=bin_width,
            median_sold_price=median_sold_price,
            note=note,
            period=period,
            sale_count=sale_count,
        )

        price_distribution.additional_properties = d
        return price_distribution

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
