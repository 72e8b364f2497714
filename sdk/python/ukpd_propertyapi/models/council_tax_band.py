from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.council_tax_candidate import CouncilTaxCandidate


T = TypeVar("T", bound="CouncilTaxBand")


@_attrs_define
class CouncilTaxBand:
    """
    Attributes:
        address (None | str):
        council_tax_band (str):
        dwellings (list[CouncilTaxCandidate]):
        matched (int): Dwellings the input matched.
        postcode (str):
        uprn (int | None): The dwelling; null when several dwellings share the band.
    """

    address: None | str
    council_tax_band: str
    dwellings: list[CouncilTaxCandidate]
    matched: int
    postcode: str
    uprn: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address: None | str
        address = self.address

        council_tax_band = self.council_tax_band

        dwellings = []
        for dwellings_item_data in self.dwellings:
            dwellings_item = dwellings_item_data.to_dict()
            dwellings.append(dwellings_item)

        matched = self.matched

        postcode = self.postcode

        uprn: int | None
        uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "council_tax_band": council_tax_band,
                "dwellings": dwellings,
                "matched": matched,
                "postcode": postcode,
                "uprn": uprn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.council_tax_candidate import CouncilTaxCandidate  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        council_tax_band = d.pop("council_tax_band")

        dwellings = []
        _dwellings = d.pop("dwellings")
        for dwellings_item_data in _dwellings:
            dwellings_item = CouncilTaxCandidate.from_dict(dwellings_item_data)

            dwellings.append(dwellings_item)

        matched = d.pop("matched")

        postcode = d.pop("postcode")

        def _parse_uprn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        uprn = _parse_uprn(d.pop("uprn"))

        council_tax_band = cls(
            address=address,
            council_tax_band=council_tax_band,
            dwellings=dwellings,
            matched=matched,
            postcode=postcode,
            uprn=uprn,
        )

        council_tax_band.additional_properties = d
        return council_tax_band

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
