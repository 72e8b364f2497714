from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.postcode_successor_basis import PostcodeSuccessorBasis, check_postcode_successor_basis

T = TypeVar("T", bound="PostcodeSuccessor")


@_attrs_define
class PostcodeSuccessor:
    """
    Attributes:
        basis (PostcodeSuccessorBasis): How the successor was found: uprn_history = UPRNs of the terminated postcode
            moved to it between the directory releases loaded (ONSUD/NSUL); nearest_live_in_sector = the nearest live
            postcodes of the same sector (no UPRN history loaded says where the addresses went).
        distance_m (float | None): Metres from the terminated postcode's last grid reference (null when it or the
            successor has none).
        postcode (str):
        uprns (int | None): uprn_history: how many of the terminated postcode's UPRNs moved to it (most first); null for
            nearest_live_in_sector.
    """

    basis: PostcodeSuccessorBasis
    distance_m: float | None
    postcode: str
    uprns: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        basis: str = self.basis

        distance_m: float | None
        distance_m = self.distance_m

        postcode = self.postcode

        uprns: int | None
        uprns = self.uprns

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "basis": basis,
                "distance_m": distance_m,
                "postcode": postcode,
                "uprns": uprns,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        basis = check_postcode_successor_basis(d.pop("basis"))

        def _parse_distance_m(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        distance_m = _parse_distance_m(d.pop("distance_m"))

        postcode = d.pop("postcode")

        def _parse_uprns(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        uprns = _parse_uprns(d.pop("uprns"))

        postcode_successor = cls(
            basis=basis,
            distance_m=distance_m,
            postcode=postcode,
            uprns=uprns,
        )

        postcode_successor.additional_properties = d
        return postcode_successor

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
