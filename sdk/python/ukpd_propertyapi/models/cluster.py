from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bounds import Bounds
    from ..models.lat_lon import LatLon
    from ..models.price_stats import PriceStats


T = TypeVar("T", bound="Cluster")


@_attrs_define
class Cluster:
    """One geotile bucket; key is "zoom/x/y".

    Attributes:
        centroid (LatLon):
        count (int):
        key (str):
        bounds (Bounds | None | Unset):
        price (None | PriceStats | Unset):
    """

    centroid: LatLon
    count: int
    key: str
    bounds: Bounds | None | Unset = UNSET
    price: None | PriceStats | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bounds import Bounds  # noqa: PLC0415
        from ..models.price_stats import PriceStats  # noqa: PLC0415

        centroid = self.centroid.to_dict()

        count = self.count

        key = self.key

        bounds: dict[str, Any] | None | Unset
        if isinstance(self.bounds, Unset):
            bounds = UNSET
        elif isinstance(self.bounds, Bounds):
            bounds = self.bounds.to_dict()
        else:
            bounds = self.bounds

        price: dict[str, Any] | None | Unset
        if isinstance(self.price, Unset):
            price = UNSET
        elif isinstance(self.price, PriceStats):
            price = self.price.to_dict()
        else:
            price = self.price

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "centroid": centroid,
                "count": count,
                "key": key,
            }
        )
        if bounds is not UNSET:
            field_dict["bounds"] = bounds
        if price is not UNSET:
            field_dict["price"] = price

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bounds import Bounds  # noqa: PLC0415
        from ..models.lat_lon import LatLon  # noqa: PLC0415
        from ..models.price_stats import PriceStats  # noqa: PLC0415

        d = dict(src_dict)
        centroid = LatLon.from_dict(d.pop("centroid"))

        count = d.pop("count")

        key = d.pop("key")

        def _parse_bounds(data: object) -> Bounds | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bounds_type_0 = Bounds.from_dict(data)

                return bounds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Bounds | None | Unset, data)

        bounds = _parse_bounds(d.pop("bounds", UNSET))

        def _parse_price(data: object) -> None | PriceStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                price_type_0 = PriceStats.from_dict(data)

                return price_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PriceStats | Unset, data)

        price = _parse_price(d.pop("price", UNSET))

        cluster = cls(
            centroid=centroid,
            count=count,
            key=key,
            bounds=bounds,
            price=price,
        )

        cluster.additional_properties = d
        return cluster

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
