from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Mortgage")


@_attrs_define
class Mortgage:
    """
    Attributes:
        monthly_repayment (float):
        deposit (float | None | Unset):
        loan_amount (float | None | Unset):
        loan_to_value_pct (float | None | Unset):
        monthly_interest_only (float | None | Unset):
        months (int | None | Unset):
        price (float | None | Unset):
        rate (float | None | Unset):
        term (int | None | Unset):
        total_interest (float | None | Unset):
        total_repaid (float | None | Unset):
    """

    monthly_repayment: float
    deposit: float | None | Unset = UNSET
    loan_amount: float | None | Unset = UNSET
    loan_to_value_pct: float | None | Unset = UNSET
    monthly_interest_only: float | None | Unset = UNSET
    months: int | None | Unset = UNSET
    price: float | None | Unset = UNSET
    rate: float | None | Unset = UNSET
    term: int | None | Unset = UNSET
    total_interest: float | None | Unset = UNSET
    total_repaid: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        monthly_repayment = self.monthly_repayment

        deposit: float | None | Unset
        if isinstance(self.deposit, Unset):
            deposit = UNSET
        else:
            deposit = self.deposit

        loan_amount: float | None | Unset
        if isinstance(self.loan_amount, Unset):
            loan_amount = UNSET
        else:
            loan_amount = self.loan_amount

        loan_to_value_pct: float | None | Unset
        if isinstance(self.loan_to_value_pct, Unset):
            loan_to_value_pct = UNSET
        else:
            loan_to_value_pct = self.loan_to_value_pct

        monthly_interest_only: float | None | Unset
        if isinstance(self.monthly_interest_only, Unset):
            monthly_interest_only = UNSET
        else:
            monthly_interest_only = self.monthly_interest_only

        months: int | None | Unset
        if isinstance(self.months, Unset):
            months = UNSET
        else:
            months = self.months

        price: float | None | Unset
        if isinstance(self.price, Unset):
            price = UNSET
        else:
            price = self.price

        rate: float | None | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate

        term: int | None | Unset
        if isinstance(self.term, Unset):
            term = UNSET
        else:
            term = self.term

        total_interest: float | None | Unset
        if isinstance(self.total_interest, Unset):
            total_interest = UNSET
        else:
            total_interest = self.total_interest

        total_repaid: float | None | Unset
        if isinstance(self.total_repaid, Unset):
            total_repaid = UNSET
        else:
            total_repaid = self.total_repaid

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "monthly_repayment": monthly_repayment,
            }
        )
        if deposit is not UNSET:
            field_dict["deposit"] = deposit
        if loan_amount is not UNSET:
            field_dict["loan_amount"] = loan_amount
        if loan_to_value_pct is not UNSET:
            field_dict["loan_to_value_pct"] = loan_to_value_pct
        if monthly_interest_only is not UNSET:
            field_dict["monthly_interest_only"] = monthly_interest_only
        if months is not UNSET:
            field_dict["months"] = months
        if price is not UNSET:
            field_dict["price"] = price
        if rate is not UNSET:
            field_dict["rate"] = rate
        if term is not UNSET:
            field_dict["term"] = term
        if total_interest is not UNSET:
            field_dict["total_interest"] = total_interest
        if total_repaid is not UNSET:
            field_dict["total_repaid"] = total_repaid

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        monthly_repayment = d.pop("monthly_repayment")

        def _parse_deposit(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        deposit = _parse_deposit(d.pop("deposit", UNSET))

        def _parse_loan_amount(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        loan_amount = _parse_loan_amount(d.pop("loan_amount", UNSET))

        def _parse_loan_to_value_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        loan_to_value_pct = _parse_loan_to_value_pct(d.pop("loan_to_value_pct", UNSET))

        def _parse_monthly_interest_only(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        monthly_interest_only = _parse_monthly_interest_only(d.pop("monthly_interest_only", UNSET))

        def _parse_months(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        months = _parse_months(d.pop("months", UNSET))

        def _parse_price(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        price = _parse_price(d.pop("price", UNSET))

        def _parse_rate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))

        def _parse_term(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        term = _parse_term(d.pop("term", UNSET))

        def _parse_total_interest(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        total_interest = _parse_total_interest(d.pop("total_interest", UNSET))

        def _parse_total_repaid(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        total_repaid = _parse_total_repaid(d.pop("total_repaid", UNSET))

        mortgage = cls(
            monthly_repayment=monthly_repayment,
            deposit=deposit,
            loan_amount=loan_amount,
            loan_to_value_pct=loan_to_value_pct,
            monthly_interest_only=monthly_interest_only,
            months=months,
            price=price,
            rate=rate,
            term=term,
            total_interest=total_interest,
            total_repaid=total_repaid,
        )

        mortgage.additional_properties = d
        return mortgage

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
