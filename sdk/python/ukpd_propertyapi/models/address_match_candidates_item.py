from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.match_reasons_type_0 import MatchReasonsType0


T = TypeVar("T", bound="AddressMatchCandidatesItem")


@_attrs_define
class AddressMatchCandidatesItem:
    """
    Attributes:
        address (None | str):
        confidence (float | None):
        reasons (MatchReasonsType0 | None): What agreed between the submitted address and the match.
        uprn (int):
        postcode (None | str | Unset):
    """

    address: None | str
    confidence: float | None
    reasons: MatchReasonsType0 | None
    uprn: int
    postcode: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.match_reasons_type_0 import MatchReasonsType0  # noqa: PLC0415

        address: None | str
        address = self.address

        confidence: float | None
        confidence = self.confidence

        reasons: dict[str, Any] | None
        if isinstance(self.reasons, MatchReasonsType0):
            reasons = self.reasons.to_dict()
        else:
            reasons = self.reasons

        uprn = self.uprn

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "confidence": confidence,
                "reasons": reasons,
                "uprn": uprn,
            }
        )
        if postcode is not UNSET:
            field_dict["postcode"] = postcode

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_reasons_type_0 import MatchReasonsType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        def _parse_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        confidence = _parse_confidence(d.pop("confidence"))

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

        uprn = d.pop("uprn")

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        address_match_candidates_item = cls(
            address=address,
            confidence=confidence,
            reasons=reasons,
            uprn=uprn,
            postcode=postcode,
        )

        address_match_candidates_item.additional_properties = d
        return address_match_candidates_item

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
