from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.postcode_profile_census_type_0_age_bands_type_0 import PostcodeProfileCensusType0AgeBandsType0
    from ..models.postcode_profile_census_type_0_tenure_type_0 import PostcodeProfileCensusType0TenureType0


T = TypeVar("T", bound="PostcodeProfileCensusType0")


@_attrs_define
class PostcodeProfileCensusType0:
    """
    Attributes:
        age_bands (None | PostcodeProfileCensusType0AgeBandsType0 | Unset):
        msoa_code (None | str | Unset):
        population_total (int | None | Unset):
        source (None | str | Unset):
        tenure (None | PostcodeProfileCensusType0TenureType0 | Unset):
    """

    age_bands: None | PostcodeProfileCensusType0AgeBandsType0 | Unset = UNSET
    msoa_code: None | str | Unset = UNSET
    population_total: int | None | Unset = UNSET
    source: None | str | Unset = UNSET
    tenure: None | PostcodeProfileCensusType0TenureType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.postcode_profile_census_type_0_age_bands_type_0 import PostcodeProfileCensusType0AgeBandsType0  # noqa: PLC0415
        from ..models.postcode_profile_census_type_0_tenure_type_0 import PostcodeProfileCensusType0TenureType0  # noqa: PLC0415

        age_bands: dict[str, Any] | None | Unset
        if isinstance(self.age_bands, Unset):
            age_bands = UNSET
        elif isinstance(self.age_bands, PostcodeProfileCensusType0AgeBandsType0):
            age_bands = self.age_bands.to_dict()
        else:
            age_bands = self.age_bands

        msoa_code: None | str | Unset
        if isinstance(self.msoa_code, Unset):
            msoa_code = UNSET
        else:
            msoa_code = self.msoa_code

        population_total: int | None | Unset
        if isinstance(self.population_total, Unset):
            population_total = UNSET
        else:
            population_total = self.population_total

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        tenure: dict[str, Any] | None | Unset
        if isinstance(self.tenure, Unset):
            tenure = UNSET
        elif isinstance(self.tenure, PostcodeProfileCensusType0TenureType0):
            tenure = self.tenure.to_dict()
        else:
            tenure = self.tenure

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if age_bands is not UNSET:
            field_dict["age_bands"] = age_bands
        if msoa_code is not UNSET:
            field_dict["msoa_code"] = msoa_code
        if population_total is not UNSET:
            field_dict["population_total"] = population_total
        if source is not UNSET:
            field_dict["source"] = source
        if tenure is not UNSET:
            field_dict["tenure"] = tenure

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.postcode_profile_census_type_0_age_bands_type_0 import PostcodeProfileCensusType0AgeBandsType0  # noqa: PLC0415
        from ..models.postcode_profile_census_type_0_tenure_type_0 import PostcodeProfileCensusType0TenureType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_age_bands(data: object) -> None | PostcodeProfileCensusType0AgeBandsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                age_bands_type_0 = PostcodeProfileCensusType0AgeBandsType0.from_dict(data)

                return age_bands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileCensusType0AgeBandsType0 | Unset, data)

        age_bands = _parse_age_bands(d.pop("age_bands", UNSET))

        def _parse_msoa_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        msoa_code = _parse_msoa_code(d.pop("msoa_code", UNSET))

        def _parse_population_total(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        population_total = _parse_population_total(d.pop("population_total", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        def _parse_tenure(data: object) -> None | PostcodeProfileCensusType0TenureType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tenure_type_0 = PostcodeProfileCensusType0TenureType0.from_dict(data)

                return tenure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileCensusType0TenureType0 | Unset, data)

        tenure = _parse_tenure(d.pop("tenure", UNSET))

        postcode_profile_census_type_0 = cls(
            age_bands=age_bands,
            msoa_code=msoa_code,
            population_total=population_total,
            source=source,
            tenure=tenure,
        )

        postcode_profile_census_type_0.additional_properties = d
        return postcode_profile_census_type_0

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
