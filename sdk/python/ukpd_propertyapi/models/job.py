from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_input_format import JobInputFormat, check_job_input_format
from ..models.job_state import JobState, check_job_state
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_links import JobLinks


T = TypeVar("T", bound="Job")


@_attrs_define
class Job:
    """A bulk address-match job (docs/matching.md).

    Attributes:
        charged (int): Calls charged so far (one a matched row).
        created (datetime.datetime | None):
        done (int): Rows finished (committed) so far.
        errors (int): Rows that could not be read (reported in the results with their line); not charged.
        eta_seconds (float | None):
        id (str):
        links (JobLinks):
        matched (int): Rows accepted.
        no_match (int):
        review (int):
        rows (int):
        rows_per_second (float):
        state (JobState):
        error (str | Unset): Why a failed job stopped.
        filename (None | str | Unset):
        finished (datetime.datetime | None | Unset):
        input_format (JobInputFormat | Unset):
        started (datetime.datetime | None | Unset):
    """

    charged: int
    created: datetime.datetime | None
    done: int
    errors: int
    eta_seconds: float | None
    id: str
    links: JobLinks
    matched: int
    no_match: int
    review: int
    rows: int
    rows_per_second: float
    state: JobState
    error: str | Unset = UNSET
    filename: None | str | Unset = UNSET
    finished: datetime.datetime | None | Unset = UNSET
    input_format: JobInputFormat | Unset = UNSET
    started: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        charged = self.charged

        created: None | str
        if isinstance(self.created, datetime.datetime):
            created = self.created.isoformat()
        else:
            created = self.created

        done = self.done

        errors = self.errors

        eta_seconds: float | None
        eta_seconds = self.eta_seconds

        id = self.id

        links = self.links.to_dict()

        matched = self.matched

        no_match = self.no_match

        review = self.review

        rows = self.rows

        rows_per_second = self.rows_per_second

        state: str = self.state

        error = self.error

        filename: None | str | Unset
        if isinstance(self.filename, Unset):
            filename = UNSET
        else:
            filename = self.filename

        finished: None | str | Unset
        if isinstance(self.finished, Unset):
            finished = UNSET
        elif isinstance(self.finished, datetime.datetime):
            finished = self.finished.isoformat()
        else:
            finished = self.finished

        input_format: str | Unset = UNSET
        if not isinstance(self.input_format, Unset):
            input_format = self.input_format

        started: None | str | Unset
        if isinstance(self.started, Unset):
            started = UNSET
        elif isinstance(self.started, datetime.datetime):
            started = self.started.isoformat()
        else:
            started = self.started

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "charged": charged,
                "created": created,
                "done": done,
                "errors": errors,
                "eta_seconds": eta_seconds,
                "id": id,
                "links": links,
                "matched": matched,
                "no_match": no_match,
                "review": review,
                "rows": rows,
                "rows_per_second": rows_per_second,
                "state": state,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error
        if filename is not UNSET:
            field_dict["filename"] = filename
        if finished is not UNSET:
            field_dict["finished"] = finished
        if input_format is not UNSET:
            field_dict["input_format"] = input_format
        if started is not UNSET:
            field_dict["started"] = started

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_links import JobLinks  # noqa: PLC0415

        d = dict(src_dict)
        charged = d.pop("charged")

        def _parse_created(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_type_0 = datetime.datetime.fromisoformat(data)

                return created_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created = _parse_created(d.pop("created"))

        done = d.pop("done")

        errors = d.pop("errors")

        def _parse_eta_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        eta_seconds = _parse_eta_seconds(d.pop("eta_seconds"))

        id = d.pop("id")

        links = JobLinks.from_dict(d.pop("links"))

        matched = d.pop("matched")

        no_match = d.pop("no_match")

        review = d.pop("review")

        rows = d.pop("rows")

        rows_per_second = d.pop("rows_per_second")

        state = check_job_state(d.pop("state"))

        error = d.pop("error", UNSET)

        def _parse_filename(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        filename = _parse_filename(d.pop("filename", UNSET))

        def _parse_finished(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_type_0 = datetime.datetime.fromisoformat(data)

                return finished_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        finished = _parse_finished(d.pop("finished", UNSET))

        _input_format = d.pop("input_format", UNSET)
        input_format: JobInputFormat | Unset
        if isinstance(_input_format, Unset):
            input_format = UNSET
        else:
            input_format = check_job_input_format(_input_format)

        def _parse_started(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_type_0 = datetime.datetime.fromisoformat(data)

                return started_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started = _parse_started(d.pop("started", UNSET))

        job = cls(
            charged=charged,
            created=created,
            done=done,
            errors=errors,
            eta_seconds=eta_seconds,
            id=id,
            links=links,
            matched=matched,
            no_match=no_match,
            review=review,
            rows=rows,
            rows_per_second=rows_per_second,
            state=state,
            error=error,
            filename=filename,
            finished=finished,
            input_format=input_format,
            started=started,
        )

        job.additional_properties = d
        return job

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
