from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.export_request_fields_item import ExportRequestFieldsItem, check_export_request_fields_item
from ..models.export_request_format import ExportRequestFormat, check_export_request_format
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.export_request_filters import ExportRequestFilters


T = TypeVar("T", bound="ExportRequest")


@_attrs_define
class ExportRequest:
    """
    Attributes:
        filters (ExportRequestFilters): At least one geographic scope (postcode, boundary_id, or lat with lng).
        fields (list[ExportRequestFieldsItem] | Unset):
        format_ (ExportRequestFormat | Unset):  Default: 'csv'.
        limit (int | Unset): Plan caps: Growth 1,000; Pro and Scale 5,000.
        offset (int | Unset):  Default: 0.
    """

    filters: ExportRequestFilters
    fields: list[ExportRequestFieldsItem] | Unset = UNSET
    format_: ExportRequestFormat | Unset = "csv"
    limit: int | Unset = UNSET
    offset: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        filters = self.filters.to_dict()

        fields: list[str] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = []
            for fields_item_data in self.fields:
                fields_item: str = fields_item_data
                fields.append(fields_item)

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_

        limit = self.limit

        offset = self.offset

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "filters": filters,
            }
        )
        if fields is not UNSET:
            field_dict["fields"] = fields
        if format_ is not UNSET:
            field_dict["format"] = format_
        if limit is not UNSET:
            field_dict["limit"] = limit
        if offset is not UNSET:
            field_dict["offset"] = offset

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.export_request_filters import ExportRequestFilters  # noqa: PLC0415

        d = dict(src_dict)
        filters = ExportRequestFilters.from_dict(d.pop("filters"))

        _fields = d.pop("fields", UNSET)
        fields: list[ExportRequestFieldsItem] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = check_export_request_fields_item(fields_item_data)

                fields.append(fields_item)

        _format_ = d.pop("format", UNSET)
        format_: ExportRequestFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = check_export_request_format(_format_)

        limit = d.pop("limit", UNSET)

        offset = d.pop("offset", UNSET)

        export_request = cls(
            filters=filters,
            fields=fields,
            format_=format_,
            limit=limit,
            offset=offset,
        )

        export_request.additional_properties = d
        return export_request

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
