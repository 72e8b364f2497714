from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AccountUsageEndpoint")


@_attrs_define
class AccountUsageEndpoint:
    """
    Attributes:
        calls (int):
        endpoint (str): Operation id of the route table (e.g. address.find).
        requests (int):
        tokens (int):
    """

    calls: int
    endpoint: str
    requests: int
    tokens: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        calls = self.calls

        endpoint = self.endpoint

        requests = self.requests

        tokens = self.tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "calls": calls,
                "endpoint": endpoint,
                "requests": requests,
                "tokens": tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        calls = d.pop("calls")

        endpoint = d.pop("endpoint")

        requests = d.pop("requests")

        tokens = d.pop("tokens")

        account_usage_endpoint = cls(
            calls=calls,
            endpoint=endpoint,
            requests=requests,
            tokens=tokens,
        )

        account_usage_endpoint.additional_properties = d
        return account_usage_endpoint

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
