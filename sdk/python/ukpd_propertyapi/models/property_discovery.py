from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.property_discovery_add_ons_item import PropertyDiscoveryAddOnsItem
    from ..models.property_discovery_parts_item import PropertyDiscoveryPartsItem
    from ..models.property_discovery_tiers_item import PropertyDiscoveryTiersItem


T = TypeVar("T", bound="PropertyDiscovery")


@_attrs_define
class PropertyDiscovery:
    """Tiers, parts and add-ons available for a UPRN with what each holds and its weight.

    Attributes:
        add_ons (list[PropertyDiscoveryAddOnsItem]):
        parts (list[PropertyDiscoveryPartsItem]):
        tiers (list[PropertyDiscoveryTiersItem]):
        uprn (int):
        address (None | str | Unset):
        with_values (list[None | str] | Unset):
    """

    add_ons: list[PropertyDiscoveryAddOnsItem]
    parts: list[PropertyDiscoveryPartsItem]
    tiers: list[PropertyDiscoveryTiersItem]
    uprn: int
    address: None | str | Unset = UNSET
    with_values: list[None | str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        add_ons = []
        for add_ons_item_data in self.add_ons:
            add_ons_item = add_ons_item_data.to_dict()
            add_ons.append(add_ons_item)

        parts = []
        for parts_item_data in self.parts:
            parts_item = parts_item_data.to_dict()
            parts.append(parts_item)

        tiers = []
        for tiers_item_data in self.tiers:
            tiers_item = tiers_item_data.to_dict()
            tiers.append(tiers_item)

        uprn = self.uprn

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        with_values: list[None | str] | Unset = UNSET
        if not isinstance(self.with_values, Unset):
            with_values = []
            for with_values_item_data in self.with_values:
                with_values_item: None | str
                with_values_item = with_values_item_data
                with_values.append(with_values_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "add_ons": add_ons,
                "parts": parts,
                "tiers": tiers,
                "uprn": uprn,
            }
        )
        if address is not UNSET:
            field_dict["address"] = address
        if with_values is not UNSET:
            field_dict["with_values"] = with_values

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.property_discovery_add_ons_item import PropertyDiscoveryAddOnsItem  # noqa: PLC0415
        from ..models.property_discovery_parts_item import PropertyDiscoveryPartsItem  # noqa: PLC0415
        from ..models.property_discovery_tiers_item import PropertyDiscoveryTiersItem  # noqa: PLC0415

        d = dict(src_dict)
        add_ons = []
        _add_ons = d.pop("add_ons")
        for add_ons_item_data in _add_ons:
            add_ons_item = PropertyDiscoveryAddOnsItem.from_dict(add_ons_item_data)

            add_ons.append(add_ons_item)

        parts = []
        _parts = d.pop("parts")
        for parts_item_data in _parts:
            parts_item = PropertyDiscoveryPartsItem.from_dict(parts_item_data)

            parts.append(parts_item)

        tiers = []
        _tiers = d.pop("tiers")
        for tiers_item_data in _tiers:
            tiers_item = PropertyDiscoveryTiersItem.from_dict(tiers_item_data)

            tiers.append(tiers_item)

        uprn = d.pop("uprn")

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        _with_values = d.pop("with_values", UNSET)
        with_values: list[None | str] | Unset = UNSET
        if _with_values is not UNSET:
            with_values = []
            for with_values_item_data in _with_values:

                def _parse_with_values_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                with_values_item = _parse_with_values_item(with_values_item_data)

                with_values.append(with_values_item)

        property_discovery = cls(
            add_ons=add_ons,
            parts=parts,
            tiers=tiers,
            uprn=uprn,
            address=address,
            with_values=with_values,
        )

        property_discovery.additional_properties = d
        return property_discovery

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
