from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_result_row_status import JobResultRowStatus, check_job_result_row_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="JobResultRow")


@_attrs_define
class JobResultRow:
    """One line of the results (NDJSON); CSV has the same fields flattened (reason_*, candidates as uprn:confidence:address
    joined by |).

        Attributes:
            address (None | str | Unset):
            confidence (float | None | Unset):
            error (None | str | Unset):
            id (None | str | Unset):
            line (int | None | Unset):
            match_type (None | str | Unset):
            recommendation (None | str | Unset):
            row (int | None | Unset):
            status (JobResultRowStatus | Unset):
            uprn (int | None | Unset):
    """

    address: None | str | Unset = UNSET
    confidence: float | None | Unset = UNSET
    error: None | str | Unset = UNSET
    id: None | str | Unset = UNSET
    line: int | None | Unset = UNSET
    match_type: None | str | Unset = UNSET
    recommendation: None | str | Unset = UNSET
    row: int | None | Unset = UNSET
    status: JobResultRowStatus | Unset = UNSET
    uprn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        confidence: float | None | Unset
        if isinstance(self.confidence, Unset):
            confidence = UNSET
        else:
            confidence = self.confidence

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        line: int | None | Unset
        if isinstance(self.line, Unset):
            line = UNSET
        else:
            line = self.line

        match_type: None | str | Unset
        if isinstance(self.match_type, Unset):
            match_type = UNSET
        else:
            match_type = self.match_type

        recommendation: None | str | Unset
        if isinstance(self.recommendation, Unset):
            recommendation = UNSET
        else:
            recommendation = self.recommendation

        row: int | None | Unset
        if isinstance(self.row, Unset):
            row = UNSET
        else:
            row = self.row

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        uprn: int | None | Unset
        if isinstance(self.uprn, Unset):
            uprn = UNSET
        else:
            uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if address is not UNSET:
            field_dict["address"] = address
        if confidence is not UNSET:
            field_dict["confidence"] = confidence
        if error is not UNSET:
            field_dict["error"] = error
        if id is not UNSET:
            field_dict["id"] = id
        if line is not UNSET:
            field_dict["line"] = line
        if match_type is not UNSET:
            field_dict["match_type"] = match_type
        if recommendation is not UNSET:
            field_dict["recommendation"] = recommendation
        if row is not UNSET:
            field_dict["row"] = row
        if status is not UNSET:
            field_dict["status"] = status
        if uprn is not UNSET:
            field_dict["uprn"] = uprn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        def _parse_confidence(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        confidence = _parse_confidence(d.pop("confidence", UNSET))

        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        def _parse_line(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        line = _parse_line(d.pop("line", UNSET))

        def _parse_match_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        match_type = _parse_match_type(d.pop("match_type", UNSET))

        def _parse_recommendation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recommendation = _parse_recommendation(d.pop("recommendation", UNSET))

        def _parse_row(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        row = _parse_row(d.pop("row", UNSET))

        _status = d.pop("status", UNSET)
        status: JobResultRowStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_job_result_row_status(_status)

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

        job_result_row = cls(
            address=address,
            confidence=confidence,
            error=error,
            id=id,
            line=line,
            match_type=match_type,
            recommendation=recommendation,
            row=row,
            status=status,
            uprn=uprn,
        )

        job_result_row.additional_properties = d
        return job_result_row

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
