from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AccountUsageKey")


@_attrs_define
class AccountUsageKey:
    """
    Attributes:
        plan (str):
        prefix (str):
        quota (int | None): Monthly allowance of the key's meter (null = unlimited).
        remaining (int | None): Calls left in the period (null = unlimited).
    """

    plan: str
    prefix: str
    quota: int | None
    remaining: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan

        prefix = self.prefix

        quota: int | None
        quota = self.quota

        remaining: int | None
        remaining = self.remaining

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "plan": plan,
                "prefix": prefix,
                "quota": quota,
                "remaining": remaining,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        plan = d.pop("plan")

        prefix = d.pop("prefix")

        def _parse_quota(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        quota = _parse_quota(d.pop("quota"))

        def _parse_remaining(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        remaining = _parse_remaining(d.pop("remaining"))

        account_usage_key = cls(
            plan=plan,
            prefix=prefix,
            quota=quota,
            remaining=remaining,
        )

        account_usage_key.additional_properties = d
        return account_usage_key

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
