from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.boundary_places_features_item_properties_type import (
    BoundaryPlacesFeaturesItemPropertiesType,
    check_boundary_places_features_item_properties_type,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="BoundaryPlacesFeaturesItemProperties")


@_attrs_define
class BoundaryPlacesFeaturesItemProperties:
    """
    Attributes:
        id (int):
        name (str):
        type_ (BoundaryPlacesFeaturesItemPropertiesType):
        admin_level (int | None | Unset):
    """

    id: int
    name: str
    type_: BoundaryPlacesFeaturesItemPropertiesType
    admin_level: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        type_: str = self.type_

        admin_level: int | None | Unset
        if isinstance(self.admin_level, Unset):
            admin_level = UNSET
        else:
            admin_level = self.admin_level

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "type": type_,
            }
        )
        if admin_level is not UNSET:
            field_dict["admin_level"] = admin_level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        type_ = check_boundary_places_features_item_properties_type(d.pop("type"))

        def _parse_admin_level(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        admin_level = _parse_admin_level(d.pop("admin_level", UNSET))

        boundary_places_features_item_properties = cls(
            id=id,
            name=name,
            type_=type_,
            admin_level=admin_level,
        )

        boundary_places_features_item_properties.additional_properties = d
        return boundary_places_features_item_properties

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
