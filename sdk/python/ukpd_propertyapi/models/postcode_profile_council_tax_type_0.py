from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.postcode_profile_council_tax_type_0_band_distribution_type_0 import (
        PostcodeProfileCouncilTaxType0BandDistributionType0,
    )


T = TypeVar("T", bound="PostcodeProfileCouncilTaxType0")


@_attrs_define
class PostcodeProfileCouncilTaxType0:
    """
    Attributes:
        annual_charge_pence (int | None | Unset):
        band_distribution (None | PostcodeProfileCouncilTaxType0BandDistributionType0 | Unset):
        dominant_band (None | str | Unset):
        properties_with_band (int | None | Unset):
    """

    annual_charge_pence: int | None | Unset = UNSET
    band_distribution: None | PostcodeProfileCouncilTaxType0BandDistributionType0 | Unset = UNSET
    dominant_band: None | str | Unset = UNSET
    properties_with_band: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.postcode_profile_council_tax_type_0_band_distribution_type_0 import (
            PostcodeProfileCouncilTaxType0BandDistributionType0,  # noqa: PLC0415
        )

        annual_charge_pence: int | None | Unset
        if isinstance(self.annual_charge_pence, Unset):
            annual_charge_pence = UNSET
        else:
            annual_charge_pence = self.annual_charge_pence

        band_distribution: dict[str, Any] | None | Unset
        if isinstance(self.band_distribution, Unset):
            band_distribution = UNSET
        elif isinstance(self.band_distribution, PostcodeProfileCouncilTaxType0BandDistributionType0):
            band_distribution = self.band_distribution.to_dict()
        else:
            band_distribution = self.band_distribution

        dominant_band: None | str | Unset
        if isinstance(self.dominant_band, Unset):
            dominant_band = UNSET
        else:
            dominant_band = self.dominant_band

        properties_with_band: int | None | Unset
        if isinstance(self.properties_with_band, Unset):
            properties_with_band = UNSET
        else:
            properties_with_band = self.properties_with_band

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if annual_charge_pence is not UNSET:
            field_dict["annual_charge_pence"] = annual_charge_pence
        if band_distribution is not UNSET:
            field_dict["band_distribution"] = band_distribution
        if dominant_band is not UNSET:
            field_dict["dominant_band"] = dominant_band
        if properties_with_band is not UNSET:
            field_dict["properties_with_band"] = properties_with_band

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postcode_profile_council_tax_type_0_band_distribution_type_0 import (
            PostcodeProfileCouncilTaxType0BandDistributionType0,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_annual_charge_pence(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        annual_charge_pence = _parse_annual_charge_pence(d.pop("annual_charge_pence", UNSET))

        def _parse_band_distribution(
            data: object,
        ) -> None | PostcodeProfileCouncilTaxType0BandDistributionType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                band_distribution_type_0 = PostcodeProfileCouncilTaxType0BandDistributionType0.from_dict(data)

                return band_distribution_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileCouncilTaxType0BandDistributionType0 | Unset, data)

        band_distribution = _parse_band_distribution(d.pop("band_distribution", UNSET))

        def _parse_dominant_band(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dominant_band = _parse_dominant_band(d.pop("dominant_band", UNSET))

        def _parse_properties_with_band(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        properties_with_band = _parse_properties_with_band(d.pop("properties_with_band", UNSET))

        postcode_profile_council_tax_type_0 = cls(
            annual_charge_pence=annual_charge_pence,
            band_distribution=band_distribution,
            dominant_band=dominant_band,
            properties_with_band=properties_with_band,
        )

        postcode_profile_council_tax_type_0.additional_properties = d
        return postcode_profile_council_tax_type_0

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
