from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.address_match_match_level import AddressMatchMatchLevel, check_address_match_match_level
from ..models.address_match_status import AddressMatchStatus, check_address_match_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_match_alternatives_item import AddressMatchAlternativesItem
    from ..models.address_match_query_type_0 import AddressMatchQueryType0


T = TypeVar("T", bound="AddressMatch")


@_attrs_define
class AddressMatch:
    """
    Attributes:
        confidence (float):
        postcode (str):
        status (AddressMatchStatus):
        alternatives (list[AddressMatchAlternativesItem] | Unset):
        candidates (int | None | Unset):
        match_level (AddressMatchMatchLevel | Unset):
        matched_address (None | str | Unset):
        query (AddressMatchQueryType0 | None | Unset):
        reason (None | str | Unset): Why there is no match.
        uprn (int | None | Unset): The matched UPRN; null on no_match.
    """

    confidence: float
    postcode: str
    status: AddressMatchStatus
    alternatives: list[AddressMatchAlternativesItem] | Unset = UNSET
    candidates: int | None | Unset = UNSET
    match_level: AddressMatchMatchLevel | Unset = UNSET
    matched_address: None | str | Unset = UNSET
    query: AddressMatchQueryType0 | None | Unset = UNSET
    reason: None | str | Unset = UNSET
    uprn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.address_match_query_type_0 import AddressMatchQueryType0  # noqa: PLC0415

        confidence = self.confidence

        postcode = self.postcode

        status: str = self.status

        alternatives: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.alternatives, Unset):
            alternatives = []
            for alternatives_item_data in self.alternatives:
                alternatives_item = alternatives_item_data.to_dict()
                alternatives.append(alternatives_item)

        candidates: int | None | Unset
        if isinstance(self.candidates, Unset):
            candidates = UNSET
        else:
            candidates = self.candidates

        match_level: str | Unset = UNSET
        if not isinstance(self.match_level, Unset):
            match_level = self.match_level

        matched_address: None | str | Unset
        if isinstance(self.matched_address, Unset):
            matched_address = UNSET
        else:
            matched_address = self.matched_address

        query: dict[str, Any] | None | Unset
        if isinstance(self.query, Unset):
            query = UNSET
        elif isinstance(self.query, AddressMatchQueryType0):
            query = self.query.to_dict()
        else:
            query = self.query

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        uprn: int | None | Unset
        if isinstance(self.uprn, Unset):
            uprn = UNSET
        else:
            uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "confidence": confidence,
                "postcode": postcode,
                "status": status,
            }
        )
        if alternatives is not UNSET:
            field_dict["alternatives"] = alternatives
        if candidates is not UNSET:
            field_dict["candidates"] = candidates
        if match_level is not UNSET:
            field_dict["match_level"] = match_level
        if matched_address is not UNSET:
            field_dict["matched_address"] = matched_address
        if query is not UNSET:
            field_dict["query"] = query
        if reason is not UNSET:
            field_dict["reason"] = reason
        if uprn is not UNSET:
            field_dict["uprn"] = uprn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_match_alternatives_item import AddressMatchAlternativesItem  # noqa: PLC0415
        from ..models.address_match_query_type_0 import AddressMatchQueryType0  # noqa: PLC0415

        d = dict(src_dict)
        confidence = d.pop("confidence")

        postcode = d.pop("postcode")

        status = check_address_match_status(d.pop("status"))

        _alternatives = d.pop("alternatives", UNSET)
        alternatives: list[AddressMatchAlternativesItem] | Unset = UNSET
        if _alternatives is not UNSET:
            alternatives = []
            for alternatives_item_data in _alternatives:
                alternatives_item = AddressMatchAlternativesItem.from_dict(alternatives_item_data)

                alternatives.append(alternatives_item)

        def _parse_candidates(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        candidates = _parse_candidates(d.pop("candidates", UNSET))

        _match_level = d.pop("match_level", UNSET)
        match_level: AddressMatchMatchLevel | Unset
        if isinstance(_match_level, Unset):
            match_level = UNSET
        else:
            match_level = check_address_match_match_level(_match_level)

        def _parse_matched_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        matched_address = _parse_matched_address(d.pop("matched_address", UNSET))

        def _parse_query(data: object) -> AddressMatchQueryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                query_type_0 = AddressMatchQueryType0.from_dict(data)

                return query_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressMatchQueryType0 | None | Unset, data)

        query = _parse_query(d.pop("query", UNSET))

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

        address_match = cls(
            confidence=confidence,
            postcode=postcode,
            status=status,
            alternatives=alternatives,
            candidates=candidates,
            match_level=match_level,
            matched_address=matched_address,
            query=query,
            reason=reason,
            uprn=uprn,
        )

        address_match.additional_properties = d
        return address_match

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
