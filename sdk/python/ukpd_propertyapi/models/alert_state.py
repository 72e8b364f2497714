from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.alert_state_status import AlertStateStatus, check_alert_state_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="AlertState")


@_attrs_define
class AlertState:
    """
    Attributes:
        consecutive_failures (int | None):
        delivered (int | None):
        dropped (int): Events given up after 24 hours of retries.
        status (AlertStateStatus): failing after 5 consecutive failed attempts; retries go on for 24 hours per event.
        last_attempt_at (datetime.datetime | None | Unset):
        last_error (None | str | Unset):
        last_event_id (None | str | Unset):
        last_status (int | None | Unset): HTTP status of the last attempt (0 = no answer).
        last_success_at (datetime.datetime | None | Unset):
        next_attempt_at (datetime.datetime | None | Unset):
    """

    consecutive_failures: int | None
    delivered: int | None
    dropped: int
    status: AlertStateStatus
    last_attempt_at: datetime.datetime | None | Unset = UNSET
    last_error: None | str | Unset = UNSET
    last_event_id: None | str | Unset = UNSET
    last_status: int | None | Unset = UNSET
    last_success_at: datetime.datetime | None | Unset = UNSET
    next_attempt_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        consecutive_failures: int | None
        consecutive_failures = self.consecutive_failures

        delivered: int | None
        delivered = self.delivered

        dropped = self.dropped

        status: str = self.status

        last_attempt_at: None | str | Unset
        if isinstance(self.last_attempt_at, Unset):
            last_attempt_at = UNSET
        elif isinstance(self.last_attempt_at, datetime.datetime):
            last_attempt_at = self.last_attempt_at.isoformat()
        else:
            last_attempt_at = self.last_attempt_at

        last_error: None | str | Unset
        if isinstance(self.last_error, Unset):
            last_error = UNSET
        else:
            last_error = self.last_error

        last_event_id: None | str | Unset
        if isinstance(self.last_event_id, Unset):
            last_event_id = UNSET
        else:
            last_event_id = self.last_event_id

        last_status: int | None | Unset
        if isinstance(self.last_status, Unset):
            last_status = UNSET
        else:
            last_status = self.last_status

        last_success_at: None | str | Unset
        if isinstance(self.last_success_at, Unset):
            last_success_at = UNSET
        elif isinstance(self.last_success_at, datetime.datetime):
            last_success_at = self.last_success_at.isoformat()
        else:
            last_success_at = self.last_success_at

        next_attempt_at: None | str | Unset
        if isinstance(self.next_attempt_at, Unset):
            next_attempt_at = UNSET
        elif isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "consecutive_failures": consecutive_failures,
                "delivered": delivered,
                "dropped": dropped,
                "status": status,
            }
        )
        if last_attempt_at is not UNSET:
            field_dict["last_attempt_at"] = last_attempt_at
        if last_error is not UNSET:
            field_dict["last_error"] = last_error
        if last_event_id is not UNSET:
            field_dict["last_event_id"] = last_event_id
        if last_status is not UNSET:
            field_dict["last_status"] = last_status
        if last_success_at is not UNSET:
            field_dict["last_success_at"] = last_success_at
        if next_attempt_at is not UNSET:
            field_dict["next_attempt_at"] = next_attempt_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_consecutive_failures(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        consecutive_failures = _parse_consecutive_failures(d.pop("consecutive_failures"))

        def _parse_delivered(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        delivered = _parse_delivered(d.pop("delivered"))

        dropped = d.pop("dropped")

        status = check_alert_state_status(d.pop("status"))

        def _parse_last_attempt_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("last_attempt_at", UNSET))

        def _parse_last_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error = _parse_last_error(d.pop("last_error", UNSET))

        def _parse_last_event_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_event_id = _parse_last_event_id(d.pop("last_event_id", UNSET))

        def _parse_last_status(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_status = _parse_last_status(d.pop("last_status", UNSET))

        def _parse_last_success_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_success_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_success_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        last_success_at = _parse_last_success_at(d.pop("last_success_at", UNSET))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at", UNSET))

        alert_state = cls(
            consecutive_failures=consecutive_failures,
            delivered=delivered,
            dropped=dropped,
            status=status,
            last_attempt_at=last_attempt_at,
            last_error=last_error,
            last_event_id=last_event_id,
            last_status=last_status,
            last_success_at=last_success_at,
            next_attempt_at=next_attempt_at,
        )

        alert_state.additional_properties = d
        return alert_state

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
