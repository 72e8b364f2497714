from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_stream_event_event import JobStreamEventEvent, check_job_stream_event_event

T = TypeVar("T", bound="JobStreamEvent")


@_attrs_define
class JobStreamEvent:
    """One Server-Sent Event of jobs/{id}/events: the id line, the event line (progress, or end when the job is done,
    failed or cancelled) and data holding the Job JSON.

        Attributes:
            data (str):
            event (JobStreamEventEvent):
            id (str): The event id: rows done, then the phase (0 queued, 1 running, 2 ended), e.g. 500-1. It changes
                whenever the job shows something new; send it back as Last-Event-ID to resume.
    """

    data: str
    event: JobStreamEventEvent
    id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data

        event: str = self.event

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "event": event,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data = d.pop("data")

        event = check_job_stream_event_event(d.pop("event"))

        id = d.pop("id")

        job_stream_event = cls(
            data=data,
            event=event,
            id=id,
        )

        job_stream_event.additional_properties = d
        return job_stream_event

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
