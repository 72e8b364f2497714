from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.service_schema_response_200_paths import ServiceSchemaResponse200Paths


T = TypeVar("T", bound="ServiceSchemaResponse200")


@_attrs_define
class ServiceSchemaResponse200:
    """
    Attributes:
        openapi (str):
        paths (ServiceSchemaResponse200Paths):
    """

    openapi: str
    paths: ServiceSchemaResponse200Paths
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        openapi = self.openapi

        paths = self.paths.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "openapi": openapi,
                "paths": paths,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.service_schema_response_200_paths import ServiceSchemaResponse200Paths  # noqa: PLC0415

        d = dict(src_dict)
        openapi = d.pop("openapi")

        paths = ServiceSchemaResponse200Paths.from_dict(d.pop("paths"))

        service_schema_response_200 = cls(
            openapi=openapi,
            paths=paths,
        )

        service_schema_response_200.additional_properties = d
        return service_schema_response_200

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
