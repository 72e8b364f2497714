from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.account_usage_key import AccountUsageKey
    from ..models.account_usage_period import AccountUsagePeriod
    from ..models.account_usage_tokens import AccountUsageTokens


T = TypeVar("T", bound="AccountUsage")


@_attrs_define
class AccountUsage:
    """
    Attributes:
        current_period (AccountUsagePeriod):
        key (AccountUsageKey):
        org_id (str):
        previous_period (AccountUsagePeriod):
        tokens (AccountUsageTokens):
    """

    current_period: AccountUsagePeriod
    key: AccountUsageKey
    org_id: str
    previous_period: AccountUsagePeriod
    tokens: AccountUsageTokens
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current_period = self.current_period.to_dict()

        key = self.key.to_dict()

        org_id = self.org_id

        previous_period = self.previous_period.to_dict()

        tokens = self.tokens.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current_period": current_period,
                "key": key,
                "org_id": org_id,
                "previous_period": previous_period,
                "tokens": tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_usage_key import AccountUsageKey  # noqa: PLC0415
        from ..models.account_usage_period import AccountUsagePeriod  # noqa: PLC0415
        from ..models.account_usage_tokens import AccountUsageTokens  # noqa: PLC0415

        d = dict(src_dict)
        current_period = AccountUsagePeriod.from_dict(d.pop("current_period"))

        key = AccountUsageKey.from_dict(d.pop("key"))

        org_id = d.pop("org_id")

        previous_period = AccountUsagePeriod.from_dict(d.pop("previous_period"))

        tokens = AccountUsageTokens.from_dict(d.pop("tokens"))

        account_usage = cls(
            current_period=current_period,
            key=key,
            org_id=org_id,
            previous_period=previous_period,
            tokens=tokens,
        )

        account_usage.additional_properties = d
        return account_usage

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
