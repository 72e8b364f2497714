from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.address_match_match_level import AddressMatchMatchLevel, check_address_match_match_level
from ..models.address_match_match_type import AddressMatchMatchType, check_address_match_match_type
from ..models.address_match_recommendation import AddressMatchRecommendation, check_address_match_recommendation
from ..models.address_match_status import AddressMatchStatus, check_address_match_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_match_alternatives_item import AddressMatchAlternativesItem
    from ..models.address_match_candidates_item import AddressMatchCandidatesItem
    from ..models.address_match_query_type_0 import AddressMatchQueryType0
    from ..models.match_parsed import MatchParsed
    from ..models.match_reasons_type_0 import MatchReasonsType0


T = TypeVar("T", bound="AddressMatch")


@_attrs_define
class AddressMatch:
    """The quality block of the address matcher (docs/matching.md), with the fields the endpoint answered before it.

    Attributes:
        address (None | str): The matched address.
        candidates (list[AddressMatchCandidatesItem]): Up to three addresses to choose from when the recommendation is
            review (empty otherwise).
        confidence (float):
        match_type (AddressMatchMatchType):
        parsed (MatchParsed): The submitted address split into its parts (lower case, abbreviations expanded).
        postcode (None | str): The postcode submitted (display form); null when none was.
        reasons (MatchReasonsType0 | None): What agreed between the submitted address and the match.
        recommendation (AddressMatchRecommendation):
        status (AddressMatchStatus): matched: recommendation accept; review; no_match: reject.
        uprn (int | None): The best match's UPRN (accepted
        alternatives (list[AddressMatchAlternativesItem] | Unset):
        match_level (AddressMatchMatchLevel | Unset): Older name of match_type: exact, high (probable), medium
            (possible), none.
        matched_address (None | str | Unset): Same as address (older name).
        matched_postcode (None | str | Unset): The matched address's postcode.
        query (AddressMatchQueryType0 | None | Unset):
        reason (None | str | Unset): Why the best match is not accepted
    """

    address: None | str
    candidates: list[AddressMatchCandidatesItem]
    confidence: float
    match_type: AddressMatchMatchType
    parsed: MatchParsed
    postcode: None | str
    reasons: MatchReasonsType0 | None
    recommendation: AddressMatchRecommendation
    status: AddressMatchStatus
    uprn: int | None
    alternatives: list[AddressMatchAlternativesItem] | Unset = UNSET
    match_level: AddressMatchMatchLevel | Unset = UNSET
    matched_address: None | str | Unset = UNSET
    matched_postcode: None | str | Unset = UNSET
    query: AddressMatchQueryType0 | None | Unset = UNSET
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.address_match_query_type_0 import AddressMatchQueryType0  # noqa: PLC0415
        from ..models.match_reasons_type_0 import MatchReasonsType0  # noqa: PLC0415

        address: None | str
        address = self.address

        candidates = []
        for candidates_item_data in self.candidates:
            candidates_item = candidates_item_data.to_dict()
            candidates.append(candidates_item)

        confidence = self.confidence

        match_type: str = self.match_type

        parsed = self.parsed.to_dict()

        postcode: None | str
        postcode = self.postcode

        reasons: dict[str, Any] | None
        if isinstance(self.reasons, MatchReasonsType0):
            reasons = self.reasons.to_dict()
        else:
            reasons = self.reasons

        recommendation: str = self.recommendation

        status: str = self.status

        uprn: int | None
        uprn = self.uprn

        alternatives: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.alternatives, Unset):
            alternatives = []
            for alternatives_item_data in self.alternatives:
                alternatives_item = alternatives_item_data.to_dict()
                alternatives.append(alternatives_item)

        match_level: str | Unset = UNSET
        if not isinstance(self.match_level, Unset):
            match_level = self.match_level

        matched_address: None | str | Unset
        if isinstance(self.matched_address, Unset):
            matched_address = UNSET
        else:
            matched_address = self.matched_address

        matched_postcode: None | str | Unset
        if isinstance(self.matched_postcode, Unset):
            matched_postcode = UNSET
        else:
            matched_postcode = self.matched_postcode

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "candidates": candidates,
                "confidence": confidence,
                "match_type": match_type,
                "parsed": parsed,
                "postcode": postcode,
                "reasons": reasons,
                "recommendation": recommendation,
                "status": status,
                "uprn": uprn,
            }
        )
        if alternatives is not UNSET:
            field_dict["alternatives"] = alternatives
        if match_level is not UNSET:
            field_dict["match_level"] = match_level
        if matched_address is not UNSET:
            field_dict["matched_address"] = matched_address
        if matched_postcode is not UNSET:
            field_dict["matched_postcode"] = matched_postcode
        if query is not UNSET:
            field_dict["query"] = query
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_match_alternatives_item import AddressMatchAlternativesItem  # noqa: PLC0415
        from ..models.address_match_candidates_item import AddressMatchCandidatesItem  # noqa: PLC0415
        from ..models.address_match_query_type_0 import AddressMatchQueryType0  # noqa: PLC0415
        from ..models.match_parsed import MatchParsed  # noqa: PLC0415
        from ..models.match_reasons_type_0 import MatchReasonsType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        candidates = []
        _candidates = d.pop("candidates")
        for candidates_item_data in _candidates:
            candidates_item = AddressMatchCandidatesItem.from_dict(candidates_item_data)

            candidates.append(candidates_item)

        confidence = d.pop("confidence")

        match_type = check_address_match_match_type(d.pop("match_type"))

        parsed = MatchParsed.from_dict(d.pop("parsed"))

        def _parse_postcode(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        postcode = _parse_postcode(d.pop("postcode"))

        def _parse_reasons(data: object) -> MatchReasonsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_match_reasons_type_0 = MatchReasonsType0.from_dict(data)

                return componentsschemas_match_reasons_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchReasonsType0 | None, data)

        reasons = _parse_reasons(d.pop("reasons"))

        recommendation = check_address_match_recommendation(d.pop("recommendation"))

        status = check_address_match_status(d.pop("status"))

        def _parse_uprn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        uprn = _parse_uprn(d.pop("uprn"))

        _alternatives = d.pop("alternatives", UNSET)
        alternatives: list[AddressMatchAlternativesItem] | Unset = UNSET
        if _alternatives is not UNSET:
            alternatives = []
            for alternatives_item_data in _alternatives:
                alternatives_item = AddressMatchAlternativesItem.from_dict(alternatives_item_data)

                alternatives.append(alternatives_item)

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

        def _parse_matched_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        matched_postcode = _parse_matched_postcode(d.pop("matched_postcode", UNSET))

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

        address_match = cls(
            address=address,
            candidates=candidates,
            confidence=confidence,
            match_type=match_type,
            parsed=parsed,
            postcode=postcode,
            reasons=reasons,
            recommendation=recommendation,
            status=status,
            uprn=uprn,
            alternatives=alternatives,
            match_level=match_level,
            matched_address=matched_address,
            matched_postcode=matched_postcode,
            query=query,
            reason=reason,
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
