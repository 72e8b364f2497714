from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.account_usage_day import AccountUsageDay
    from ..models.account_usage_endpoint import AccountUsageEndpoint


T = TypeVar("T", bound="AccountUsagePeriod")


@_attrs_define
class AccountUsagePeriod:
    """
    Attributes:
        calls (int):
        days (list[AccountUsageDay]):
        end (datetime.datetime | None):
        endpoints (list[AccountUsageEndpoint]):
        requests (int):
        start (datetime.datetime | None):
        tokens (int):
    """

    calls: int
    days: list[AccountUsageDay]
    end: datetime.datetime | None
    endpoints: list[AccountUsageEndpoint]
    requests: int
    start: datetime.datetime | None
    tokens: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        calls = self.calls

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)

        end: None | str
        if isinstance(self.end, datetime.datetime):
            end = self.end.isoformat()
        else:
            end = self.end

        endpoints = []
        for endpoints_item_data in self.endpoints:
            endpoints_item = endpoints_item_data.to_dict()
            endpoints.append(endpoints_item)

        requests = self.requests

        start: None | str
        if isinstance(self.start, datetime.datetime):
            start = self.start.isoformat()
        else:
            start = self.start

        tokens = self.tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "calls": calls,
                "days": days,
                "end": end,
                "endpoints": endpoints,
                "requests": requests,
                "start": start,
                "tokens": tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_usage_day import AccountUsageDay  # noqa: PLC0415
        from ..models.account_usage_endpoint import AccountUsageEndpoint  # noqa: PLC0415

        d = dict(src_dict)
        calls = d.pop("calls")

        days = []
        _days = d.pop("days")
        for days_item_data in _days:
            days_item = AccountUsageDay.from_dict(days_item_data)

            days.append(days_item)

        def _parse_end(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_type_0 = datetime.datetime.fromisoformat(data)

                return end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        end = _parse_end(d.pop("end"))

        endpoints = []
        _endpoints = d.pop("endpoints")
        for endpoints_item_data in _endpoints:
            endpoints_item = AccountUsageEndpoint.from_dict(endpoints_item_data)

            endpoints.append(endpoints_item)

        requests = d.pop("requests")

        def _parse_start(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_type_0 = datetime.datetime.fromisoformat(data)

                return start_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        start = _parse_start(d.pop("start"))

        tokens = d.pop("tokens")

        account_usage_period = cls(
            calls=calls,
            days=days,
            end=end,
            endpoints=endpoints,
            requests=requests,
            start=start,
            tokens=tokens,
        )

        account_usage_period.additional_properties = d
        return account_usage_period

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
