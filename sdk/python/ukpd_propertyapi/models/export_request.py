from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.export_request_fields_type_0_item import (
    ExportRequestFieldsType0Item,
    check_export_request_fields_type_0_item,
)
from ..models.export_request_format_type_1 import ExportRequestFormatType1, check_export_request_format_type_1
from ..models.export_request_format_type_2_type_1 import (
    ExportRequestFormatType2Type1,
    check_export_request_format_type_2_type_1,
)
from ..models.export_request_format_type_3_type_1 import (
    ExportRequestFormatType3Type1,
    check_export_request_format_type_3_type_1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.export_request_filters import ExportRequestFilters


T = TypeVar("T", bound="ExportRequest")


@_attrs_define
class ExportRequest:
    """Unknown members are refused (422); null is the same as leaving a member out.

    Attributes:
        filters (ExportRequestFilters): At least one geographic scope (postcode, boundary_id, or lat with lng).
        fields (list[ExportRequestFieldsType0Item] | None | Unset):
        format_ (ExportRequestFormatType1 | ExportRequestFormatType2Type1 | ExportRequestFormatType3Type1 | None |
            Unset):  Default: 'csv'.
        limit (int | None | Unset): Plan caps: Growth 1,000; Pro and Scale 5,000.
        offset (int | None | Unset):  Default: 0.
    """

    filters: ExportRequestFilters
    fields: list[ExportRequestFieldsType0Item] | None | Unset = UNSET
    format_: ExportRequestFormatType1 | ExportRequestFormatType2Type1 | ExportRequestFormatType3Type1 | None | Unset = (
        "csv"
    )
    limit: int | None | Unset = UNSET
    offset: int | None | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        filters = self.filters.to_dict()

        fields: list[str] | None | Unset
        if isinstance(self.fields, Unset):
            fields = UNSET
        elif isinstance(self.fields, list):
            fields = []
            for fields_type_0_item_data in self.fields:
                fields_type_0_item: str = fields_type_0_item_data
                fields.append(fields_type_0_item)

        else:
            fields = self.fields

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        elif isinstance(self.format_, str):
            format_ = self.format_
        elif isinstance(self.format_, str):
            format_ = self.format_
        elif isinstance(self.format_, str):
            format_ = self.format_
        else:
            format_ = self.format_

        limit: int | None | Unset
        if isinstance(self.limit, Unset):
            limit = UNSET
        else:
            limit = self.limit

        offset: int | None | Unset
        if isinstance(self.offset, Unset):
            offset = UNSET
        else:
            offset = self.offset

        field_dict: dict[str, Any] = {}

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

        def _parse_fields(data: object) -> list[ExportRequestFieldsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                fields_type_0 = []
                _fields_type_0 = data
                for fields_type_0_item_data in _fields_type_0:
                    fields_type_0_item = check_export_request_fields_type_0_item(fields_type_0_item_data)

                    fields_type_0.append(fields_type_0_item)

                return fields_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ExportRequestFieldsType0Item] | None | Unset, data)

        fields = _parse_fields(d.pop("fields", UNSET))

        def _parse_format_(
            data: object,
        ) -> ExportRequestFormatType1 | ExportRequestFormatType2Type1 | ExportRequestFormatType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                format_type_1 = check_export_request_format_type_1(data)

                return format_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                format_type_2_type_1 = check_export_request_format_type_2_type_1(data)

                return format_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                format_type_3_type_1 = check_export_request_format_type_3_type_1(data)

                return format_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ExportRequestFormatType1 | ExportRequestFormatType2Type1 | ExportRequestFormatType3Type1 | None | Unset,
                data,
            )

        format_ = _parse_format_(d.pop("format", UNSET))

        def _parse_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        limit = _parse_limit(d.pop("limit", UNSET))

        def _parse_offset(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        offset = _parse_offset(d.pop("offset", UNSET))

        export_request = cls(
            filters=filters,
            fields=fields,
            format_=format_,
            limit=limit,
            offset=offset,
        )

        return export_request
