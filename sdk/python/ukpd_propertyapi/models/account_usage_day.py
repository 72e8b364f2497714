from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.account_usage_endpoint import AccountUsageEndpoint


T = TypeVar("T", bound="AccountUsageDay")


@_attrs_define
class AccountUsageDay:
    """
    Attributes:
        calls (int):
        day (datetime.date | None):
        endpoints (list[AccountUsageEndpoint]):
        requests (int):
        tokens (int):
    """

    calls: int
    day: datetime.date | None
    endpoints: list[AccountUsageEndpoint]
    requests: int
    tokens: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        calls = self.calls

        day: None | str
        if isinstance(self.day, datetime.date):
            day = self.day.isoformat()
        else:
            day = self.day

        endpoints = []
        for endpoints_item_data in self.endpoints:
            endpoints_item = endpoints_item_data.to_dict()
            endpoints.append(endpoints_item)

        requests = self.requests

        tokens = self.tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "calls": calls,
                "day": day,
                "endpoints": endpoints,
                "requests": requests,
                "tokens": tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_usage_endpoint import AccountUsageEndpoint  # noqa: PLC0415

        d = dict(src_dict)
        calls = d.pop("calls")

        def _parse_day(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                day_type_0 = datetime.date.fromisoformat(data)

                return day_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        day = _parse_day(d.pop("day"))

        endpoints = []
        _endpoints = d.pop("endpoints")
        for endpoints_item_data in _endpoints:
            endpoints_item = AccountUsageEndpoint.from_dict(endpoints_item_data)

            endpoints.append(endpoints_item)

        requests = d.pop("requests")

        tokens = d.pop("tokens")

        account_usage_day = cls(
            calls=calls,
            day=day,
            endpoints=endpoints,
            requests=requests,
            tokens=tokens,
        )

        account_usage_day.additional_properties = d
        return account_usage_day

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
