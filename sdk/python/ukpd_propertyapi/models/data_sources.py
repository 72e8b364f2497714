from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.data_sources_additional_property import DataSourcesAdditionalProperty


T = TypeVar("T", bound="DataSources")


@_attrs_define
class DataSources:
    """Each dataset read, with its source ("generated" or "import:<format>"), release and load time as the indexer recorded
    them. Every data response also carries them in the X-Data-Source and X-Data-Release headers.

    """

    additional_properties: dict[str, DataSourcesAdditionalProperty] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.data_sources_additional_property import DataSourcesAdditionalProperty  # noqa: PLC0415

        d = dict(src_dict)
        data_sources = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = DataSourcesAdditionalProperty.from_dict(prop_dict)

            additional_properties[prop_name] = additional_property

        data_sources.additional_properties = additional_properties
        return data_sources

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> DataSourcesAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: DataSourcesAdditionalProperty) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
