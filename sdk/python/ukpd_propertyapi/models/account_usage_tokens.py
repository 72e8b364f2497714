from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.account_usage_tokens_tokens_per_gbp import (
    AccountUsageTokensTokensPerGbp,
    check_account_usage_tokens_tokens_per_gbp,
)

T = TypeVar("T", bound="AccountUsageTokens")


@_attrs_define
class AccountUsageTokens:
    """
    Attributes:
        account (bool): false until the organisation's first top-up.
        balance (int):
        tokens_per_gbp (AccountUsageTokensTokensPerGbp):
    """

    account: bool
    balance: int
    tokens_per_gbp: AccountUsageTokensTokensPerGbp
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        balance = self.balance

        tokens_per_gbp: int = self.tokens_per_gbp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account": account,
                "balance": balance,
                "tokens_per_gbp": tokens_per_gbp,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account = d.pop("account")

        balance = d.pop("balance")

        tokens_per_gbp = check_account_usage_tokens_tokens_per_gbp(d.pop("tokens_per_gbp"))

        account_usage_tokens = cls(
            account=account,
            balance=balance,
            tokens_per_gbp=tokens_per_gbp,
        )

        account_usage_tokens.additional_properties = d
        return account_usage_tokens

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
