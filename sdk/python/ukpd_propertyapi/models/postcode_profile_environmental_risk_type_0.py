from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.postcode_profile_environmental_risk_type_0_flood_type_0 import (
        PostcodeProfileEnvironmentalRiskType0FloodType0,
    )
    from ..models.postcode_profile_environmental_risk_type_0_radon_type_0 import (
        PostcodeProfileEnvironmentalRiskType0RadonType0,
    )


T = TypeVar("T", bound="PostcodeProfileEnvironmentalRiskType0")


@_attrs_define
class PostcodeProfileEnvironmentalRiskType0:
    """
    Attributes:
        flood (None | PostcodeProfileEnvironmentalRiskType0FloodType0 | Unset):
        overall_risk (None | str | Unset):
        radon (None | PostcodeProfileEnvironmentalRiskType0RadonType0 | Unset):
    """

    flood: None | PostcodeProfileEnvironmentalRiskType0FloodType0 | Unset = UNSET
    overall_risk: None | str | Unset = UNSET
    radon: None | PostcodeProfileEnvironmentalRiskType0RadonType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.postcode_profile_environmental_risk_type_0_flood_type_0 import (
            PostcodeProfileEnvironmentalRiskType0FloodType0,  # noqa: PLC0415
        )
        from ..models.postcode_profile_environmental_risk_type_0_radon_type_0 import (
            PostcodeProfileEnvironmentalRiskType0RadonType0,  # noqa: PLC0415
        )

        flood: dict[str, Any] | None | Unset
        if isinstance(self.flood, Unset):
            flood = UNSET
        elif isinstance(self.flood, PostcodeProfileEnvironmentalRiskType0FloodType0):
            flood = self.flood.to_dict()
        else:
            flood = self.flood

        overall_risk: None | str | Unset
        if isinstance(self.overall_risk, Unset):
            overall_risk = UNSET
        else:
            overall_risk = self.overall_risk

        radon: dict[str, Any] | None | Unset
        if isinstance(self.radon, Unset):
            radon = UNSET
        elif isinstance(self.radon, PostcodeProfileEnvironmentalRiskType0RadonType0):
            radon = self.radon.to_dict()
        else:
            radon = self.radon

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if flood is not UNSET:
            field_dict["flood"] = flood
        if overall_risk is not UNSET:
            field_dict["overall_risk"] = overall_risk
        if radon is not UNSET:
            field_dict["radon"] = radon

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postcode_profile_environmental_risk_type_0_flood_type_0 import (
            PostcodeProfileEnvironmentalRiskType0FloodType0,  # noqa: PLC0415
        )
        from ..models.postcode_profile_environmental_risk_type_0_radon_type_0 import (
            PostcodeProfileEnvironmentalRiskType0RadonType0,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_flood(data: object) -> None | PostcodeProfileEnvironmentalRiskType0FloodType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                flood_type_0 = PostcodeProfileEnvironmentalRiskType0FloodType0.from_dict(data)

                return flood_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileEnvironmentalRiskType0FloodType0 | Unset, data)

        flood = _parse_flood(d.pop("flood", UNSET))

        def _parse_overall_risk(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        overall_risk = _parse_overall_risk(d.pop("overall_risk", UNSET))

        def _parse_radon(data: object) -> None | PostcodeProfileEnvironmentalRiskType0RadonType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                radon_type_0 = PostcodeProfileEnvironmentalRiskType0RadonType0.from_dict(data)

                return radon_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileEnvironmentalRiskType0RadonType0 | Unset, data)

        radon = _parse_radon(d.pop("radon", UNSET))

        postcode_profile_environmental_risk_type_0 = cls(
            flood=flood,
            overall_risk=overall_risk,
            radon=radon,
        )

        postcode_profile_environmental_risk_type_0.additional_properties = d
        return postcode_profile_environmental_risk_type_0

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
