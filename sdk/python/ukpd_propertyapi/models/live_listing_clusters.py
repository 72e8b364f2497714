from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bounds import Bounds
    from ..models.cluster import Cluster
    from ..models.live_listing_clusters_other_type_0 import LiveListingClustersOtherType0
    from ..models.price_stats import PriceStats


T = TypeVar("T", bound="LiveListingClusters")


@_attrs_define
class LiveListingClusters:
    """
    Attributes:
        clusters (list[Cluster]):
        bbox (Bounds | None | Unset):
        other (LiveListingClustersOtherType0 | None | Unset): Listings outside the returned clusters.
        precision (int | None | Unset):
        price (None | PriceStats | Unset):
        total (int | None | Unset):
        zoom (int | None | Unset):
    """

    clusters: list[Cluster]
    bbox: Bounds | None | Unset = UNSET
    other: LiveListingClustersOtherType0 | None | Unset = UNSET
    precision: int | None | Unset = UNSET
    price: None | PriceStats | Unset = UNSET
    total: int | None | Unset = UNSET
    zoom: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bounds import Bounds  # noqa: PLC0415
        from ..models.live_listing_clusters_other_type_0 import LiveListingClustersOtherType0  # noqa: PLC0415
        from ..models.price_stats import PriceStats  # noqa: PLC0415

        clusters = []
        for clusters_item_data in self.clusters:
            clusters_item = clusters_item_data.to_dict()
            clusters.append(clusters_item)

        bbox: dict[str, Any] | None | Unset
        if isinstance(self.bbox, Unset):
            bbox = UNSET
        elif isinstance(self.bbox, Bounds):
            bbox = self.bbox.to_dict()
        else:
            bbox = self.bbox

        other: dict[str, Any] | None | Unset
        if isinstance(self.other, Unset):
            other = UNSET
        elif isinstance(self.other, LiveListingClustersOtherType0):
            other = self.other.to_dict()
        else:
            other = self.other

        precision: int | None | Unset
        if isinstance(self.precision, Unset):
            precision = UNSET
        else:
            precision = self.precision

        price: dict[str, Any] | None | Unset
        if isinstance(self.price, Unset):
            price = UNSET
        elif isinstance(self.price, PriceStats):
            price = self.price.to_dict()
        else:
            price = self.price

        total: int | None | Unset
        if isinstance(self.total, Unset):
            total = UNSET
        else:
            total = self.total

        zoom: int | None | Unset
        if isinstance(self.zoom, Unset):
            zoom = UNSET
        else:
            zoom = self.zoom

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clusters": clusters,
            }
        )
        if bbox is not UNSET:
            field_dict["bbox"] = bbox
        if other is not UNSET:
            field_dict["other"] = other
        if precision is not UNSET:
            field_dict["precision"] = precision
        if price is not UNSET:
            field_dict["price"] = price
        if total is not UNSET:
            field_dict["total"] = total
        if zoom is not UNSET:
            field_dict["zoom"] = zoom

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bounds import Bounds  # noqa: PLC0415
        from ..models.cluster import Cluster  # noqa: PLC0415
        from ..models.live_listing_clusters_other_type_0 import LiveListingClustersOtherType0  # noqa: PLC0415
        from ..models.price_stats import PriceStats  # noqa: PLC0415

        d = dict(src_dict)
        clusters = []
        _clusters = d.pop("clusters")
        for clusters_item_data in _clusters:
            clusters_item = Cluster.from_dict(clusters_item_data)

            clusters.append(clusters_item)

        def _parse_bbox(data: object) -> Bounds | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bbox_type_0 = Bounds.from_dict(data)

                return bbox_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Bounds | None | Unset, data)

        bbox = _parse_bbox(d.pop("bbox", UNSET))

        def _parse_other(data: object) -> LiveListingClustersOtherType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                other_type_0 = LiveListingClustersOtherType0.from_dict(data)

                return other_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LiveListingClustersOtherType0 | None | Unset, data)

        other = _parse_other(d.pop("other", UNSET))

        def _parse_precision(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        precision = _parse_precision(d.pop("precision", UNSET))

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

        def _parse_total(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total = _parse_total(d.pop("total", UNSET))

        def _parse_zoom(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        zoom = _parse_zoom(d.pop("zoom", UNSET))

        live_listing_clusters = cls(
            clusters=clusters,
            bbox=bbox,
            other=other,
            precision=precision,
            price=price,
            total=total,
            zoom=zoom,
        )

        live_listing_clusters.additional_properties = d
        return live_listing_clusters

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
