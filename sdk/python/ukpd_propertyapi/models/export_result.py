from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.export_result_data_item import ExportResultDataItem


T = TypeVar("T", bound="ExportResult")


@_attrs_define
class ExportResult:
    """
    Attributes:
        data (list[ExportResultDataItem]): One row per listing with the requested fields only.
        status (str):
        api_calls_used (int | None | Unset):
        fields (list[None | str] | Unset):
        format_ (None | str | Unset):
        offset (int | None | Unset):
        returned (int | None | Unset):
        total_results (int | None | Unset):
    """

    data: list[ExportResultDataItem]
    status: str
    api_calls_used: int | None | Unset = UNSET
    fields: list[None | str] | Unset = UNSET
    format_: None | str | Unset = UNSET
    offset: int | None | Unset = UNSET
    returned: int | None | Unset = UNSET
    total_results: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        status = self.status

        api_calls_used: int | None | Unset
        if isinstance(self.api_calls_used, Unset):
            api_calls_used = UNSET
        else:
            api_calls_used = self.api_calls_used

        fields: list[None | str] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = []
            for fields_item_data in self.fields:
                fields_item: None | str
                fields_item = fields_item_data
                fields.append(fields_item)

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        else:
            format_ = self.format_

        offset: int | None | Unset
        if isinstance(self.offset, Unset):
            offset = UNSET
        else:
            offset = self.offset

        returned: int | None | Unset
        if isinstance(self.returned, Unset):
            returned = UNSET
        else:
            returned = self.returned

        total_results: int | None | Unset
        if isinstance(self.total_results, Unset):
            total_results = UNSET
        else:
            total_results = self.total_results

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "status": status,
            }
        )
        if api_calls_used is not UNSET:
            field_dict["api_calls_used"] = api_calls_used
        if fields is not UNSET:
            field_dict["fields"] = fields
        if format_ is not UNSET:
            field_dict["format"] = format_
        if offset is not UNSET:
            field_dict["offset"] = offset
        if returned is not UNSET:
            field_dict["returned"] = returned
        if total_results is not UNSET:
            field_dict["total_results"] = total_results

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.export_result_data_item import ExportResultDataItem  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = ExportResultDataItem.from_dict(data_item_data)

            data.append(data_item)

        status = d.pop("status")

        def _parse_api_calls_used(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        api_calls_used = _parse_api_calls_used(d.pop("api_calls_used", UNSET))

        _fields = d.pop("fields", UNSET)
        fields: list[None | str] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:

                def _parse_fields_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                fields_item = _parse_fields_item(fields_item_data)

                fields.append(fields_item)

        def _parse_format_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        format_ = _parse_format_(d.pop("format", UNSET))

        def _parse_offset(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        offset = _parse_offset(d.pop("offset", UNSET))

        def _parse_returned(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        returned = _parse_returned(d.pop("returned", UNSET))

        def _parse_total_results(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        total_results = _parse_total_results(d.pop("total_results", UNSET))

        export_result = cls(
            data=data,
            status=status,
            api_calls_used=api_calls_used,
            fields=fields,
            format_=format_,
            offset=offset,
            returned=returned,
            total_results=total_results,
        )

        export_result.additional_properties = d
        return export_result

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
