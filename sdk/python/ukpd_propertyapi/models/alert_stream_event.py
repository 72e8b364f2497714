from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AlertStreamEvent")


@_attrs_define
class AlertStreamEvent:
    """One Server-Sent Event of alerts/stream: id and event lines, and data holding the AlertEvent JSON (event: error with
    {"code": ...} when the stream must end early).

        Attributes:
            data (str):
            event (str): The event type: an AlertEventType, test, or error.
            id (str | Unset): The event id (Last-Event-ID on reconnect).
            retry (int | Unset): Reconnection delay in milliseconds.
    """

    data: str
    event: str
    id: str | Unset = UNSET
    retry: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data

        event = self.event

        id = self.id

        retry = self.retry

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "event": event,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if retry is not UNSET:
            field_dict["retry"] = retry

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data = d.pop("data")

        event = d.pop("event")

        id = d.pop("id", UNSET)

        retry = d.pop("retry", UNSET)

        alert_stream_event = cls(
            data=data,
            event=event,
            id=id,
            retry=retry,
        )

        alert_stream_event.additional_properties = d
        return alert_stream_event

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
