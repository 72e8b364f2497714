from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.demographics_age_type_0 import DemographicsAgeType0
    from ..models.demographics_area_type_0 import DemographicsAreaType0
    from ..models.demographics_car_ownership_type_0 import DemographicsCarOwnershipType0
    from ..models.demographics_deprivation_type_0 import DemographicsDeprivationType0
    from ..models.demographics_ethnicity_type_0 import DemographicsEthnicityType0
    from ..models.demographics_geography_type_0 import DemographicsGeographyType0
    from ..models.demographics_household_size_type_0 import DemographicsHouseholdSizeType0
    from ..models.demographics_occupation_type_0 import DemographicsOccupationType0
    from ..models.demographics_population_type_0 import DemographicsPopulationType0
    from ..models.demographics_tenure_type_0 import DemographicsTenureType0


T = TypeVar("T", bound="Demographics")


@_attrs_define
class Demographics:
    """
    Attributes:
        postcode (str):
        age (DemographicsAgeType0 | None | Unset):
        area (DemographicsAreaType0 | None | Unset):
        car_ownership (DemographicsCarOwnershipType0 | None | Unset):
        census_year (int | None | Unset):
        data_sources (list[None | str] | None | Unset):
        deprivation (DemographicsDeprivationType0 | None | Unset):
        ethnicity (DemographicsEthnicityType0 | None | Unset):
        geography (DemographicsGeographyType0 | None | Unset):
        household_size (DemographicsHouseholdSizeType0 | None | Unset):
        note (None | str | Unset):
        occupation (DemographicsOccupationType0 | None | Unset):
        population (DemographicsPopulationType0 | None | Unset):
        tenure (DemographicsTenureType0 | None | Unset):
    """

    postcode: str
    age: DemographicsAgeType0 | None | Unset = UNSET
    area: DemographicsAreaType0 | None | Unset = UNSET
    car_ownership: DemographicsCarOwnershipType0 | None | Unset = UNSET
    census_year: int | None | Unset = UNSET
    data_sources: list[None | str] | None | Unset = UNSET
    deprivation: DemographicsDeprivationType0 | None | Unset = UNSET
    ethnicity: DemographicsEthnicityType0 | None | Unset = UNSET
    geography: DemographicsGeographyType0 | None | Unset = UNSET
    household_size: DemographicsHouseholdSizeType0 | None | Unset = UNSET
    note: None | str | Unset = UNSET
    occupation: DemographicsOccupationType0 | None | Unset = UNSET
    population: DemographicsPopulationType0 | None | Unset = UNSET
    tenure: DemographicsTenureType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.demographics_age_type_0 import DemographicsAgeType0  # noqa: PLC0415
        from ..models.demographics_area_type_0 import DemographicsAreaType0  # noqa: PLC0415
        from ..models.demographics_car_ownership_type_0 import DemographicsCarOwnershipType0  # noqa: PLC0415
        from ..models.demographics_deprivation_type_0 import DemographicsDeprivationType0  # noqa: PLC0415
        from ..models.demographics_ethnicity_type_0 import DemographicsEthnicityType0  # noqa: PLC0415
        from ..models.demographics_geography_type_0 import DemographicsGeographyType0  # noqa: PLC0415
        from ..models.demographics_household_size_type_0 import DemographicsHouseholdSizeType0  # noqa: PLC0415
        from ..models.demographics_occupation_type_0 import DemographicsOccupationType0  # noqa: PLC0415
        from ..models.demographics_population_type_0 import DemographicsPopulationType0  # noqa: PLC0415
        from ..models.demographics_tenure_type_0 import DemographicsTenureType0  # noqa: PLC0415

        postcode = self.postcode

        age: dict[str, Any] | None | Unset
        if isinstance(self.age, Unset):
            age = UNSET
        elif isinstance(self.age, DemographicsAgeType0):
            age = self.age.to_dict()
        else:
            age = self.age

        area: dict[str, Any] | None | Unset
        if isinstance(self.area, Unset):
            area = UNSET
        elif isinstance(self.area, DemographicsAreaType0):
            area = self.area.to_dict()
        else:
            area = self.area

        car_ownership: dict[str, Any] | None | Unset
        if isinstance(self.car_ownership, Unset):
            car_ownership = UNSET
        elif isinstance(self.car_ownership, DemographicsCarOwnershipType0):
            car_ownership = self.car_ownership.to_dict()
        else:
            car_ownership = self.car_ownership

        census_year: int | None | Unset
        if isinstance(self.census_year, Unset):
            census_year = UNSET
        else:
            census_year = self.census_year

        data_sources: list[None | str] | None | Unset
        if isinstance(self.data_sources, Unset):
            data_sources = UNSET
        elif isinstance(self.data_sources, list):
            data_sources = []
            for data_sources_type_0_item_data in self.data_sources:
                data_sources_type_0_item: None | str
                data_sources_type_0_item = data_sources_type_0_item_data
                data_sources.append(data_sources_type_0_item)

        else:
            data_sources = self.data_sources

        deprivation: dict[str, Any] | None | Unset
        if isinstance(self.deprivation, Unset):
            deprivation = UNSET
        elif isinstance(self.deprivation, DemographicsDeprivationType0):
            deprivation = self.deprivation.to_dict()
        else:
            deprivation = self.deprivation

        ethnicity: dict[str, Any] | None | Unset
        if isinstance(self.ethnicity, Unset):
            ethnicity = UNSET
        elif isinstance(self.ethnicity, DemographicsEthnicityType0):
            ethnicity = self.ethnicity.to_dict()
        else:
            ethnicity = self.ethnicity

        geography: dict[str, Any] | None | Unset
        if isinstance(self.geography, Unset):
            geography = UNSET
        elif isinstance(self.geography, DemographicsGeographyType0):
            geography = self.geography.to_dict()
        else:
            geography = self.geography

        household_size: dict[str, Any] | None | Unset
        if isinstance(self.household_size, Unset):
            household_size = UNSET
        elif isinstance(self.household_size, DemographicsHouseholdSizeType0):
            household_size = self.household_size.to_dict()
        else:
            household_size = self.household_size

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        occupation: dict[str, Any] | None | Unset
        if isinstance(self.occupation, Unset):
            occupation = UNSET
        elif isinstance(self.occupation, DemographicsOccupationType0):
            occupation = self.occupation.to_dict()
        else:
            occupation = self.occupation

        population: dict[str, Any] | None | Unset
        if isinstance(self.population, Unset):
            population = UNSET
        elif isinstance(self.population, DemographicsPopulationType0):
            population = self.population.to_dict()
        else:
            population = self.population

        tenure: dict[str, Any] | None | Unset
        if isinstance(self.tenure, Unset):
            tenure = UNSET
        elif isinstance(self.tenure, DemographicsTenureType0):
            tenure = self.tenure.to_dict()
        else:
            tenure = self.tenure

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "postcode": postcode,
            }
        )
        if age is not UNSET:
            field_dict["age"] = age
        if area is not UNSET:
            field_dict["area"] = area
        if car_ownership is not UNSET:
            field_dict["car_ownership"] = car_ownership
        if census_year is not UNSET:
            field_dict["census_year"] = census_year
        if data_sources is not UNSET:
            field_dict["data_sources"] = data_sources
        if deprivation is not UNSET:
            field_dict["deprivation"] = deprivation
        if ethnicity is not UNSET:
            field_dict["ethnicity"] = ethnicity
        if geography is not UNSET:
            field_dict["geography"] = geography
        if household_size is not UNSET:
            field_dict["household_size"] = household_size
        if note is not UNSET:
            field_dict["note"] = note
        if occupation is not UNSET:
            field_dict["occupation"] = occupation
        if population is not UNSET:
            field_dict["population"] = population
        if tenure is not UNSET:
            field_dict["tenure"] = tenure

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.demographics_age_type_0 import DemographicsAgeType0  # noqa: PLC0415
        from ..models.demographics_area_type_0 import DemographicsAreaType0  # noqa: PLC0415
        from ..models.demographics_car_ownership_type_0 import DemographicsCarOwnershipType0  # noqa: PLC0415
        from ..models.demographics_deprivation_type_0 import DemographicsDeprivationType0  # noqa: PLC0415
        from ..models.demographics_ethnicity_type_0 import DemographicsEthnicityType0  # noqa: PLC0415
        from ..models.demographics_geography_type_0 import DemographicsGeographyType0  # noqa: PLC0415
        from ..models.demographics_household_size_type_0 import DemographicsHouseholdSizeType0  # noqa: PLC0415
        from ..models.demographics_occupation_type_0 import DemographicsOccupationType0  # noqa: PLC0415
        from ..models.demographics_population_type_0 import DemographicsPopulationType0  # noqa: PLC0415
        from ..models.demographics_tenure_type_0 import DemographicsTenureType0  # noqa: PLC0415

        d = dict(src_dict)
        postcode = d.pop("postcode")

        def _parse_age(data: object) -> DemographicsAgeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                age_type_0 = DemographicsAgeType0.from_dict(data)

                return age_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsAgeType0 | None | Unset, data)

        age = _parse_age(d.pop("age", UNSET))

        def _parse_area(data: object) -> DemographicsAreaType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                area_type_0 = DemographicsAreaType0.from_dict(data)

                return area_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsAreaType0 | None | Unset, data)

        area = _parse_area(d.pop("area", UNSET))

        def _parse_car_ownership(data: object) -> DemographicsCarOwnershipType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                car_ownership_type_0 = DemographicsCarOwnershipType0.from_dict(data)

                return car_ownership_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsCarOwnershipType0 | None | Unset, data)

        car_ownership = _parse_car_ownership(d.pop("car_ownership", UNSET))

        def _parse_census_year(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        census_year = _parse_census_year(d.pop("census_year", UNSET))

        def _parse_data_sources(data: object) -> list[None | str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                data_sources_type_0 = []
                _data_sources_type_0 = data
                for data_sources_type_0_item_data in _data_sources_type_0:

                    def _parse_data_sources_type_0_item(data: object) -> None | str:
                        if data is None:
                            return data
                        return cast(None | str, data)

                    data_sources_type_0_item = _parse_data_sources_type_0_item(data_sources_type_0_item_data)

                    data_sources_type_0.append(data_sources_type_0_item)

                return data_sources_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[None | str] | None | Unset, data)

        data_sources = _parse_data_sources(d.pop("data_sources", UNSET))

        def _parse_deprivation(data: object) -> DemographicsDeprivationType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deprivation_type_0 = DemographicsDeprivationType0.from_dict(data)

                return deprivation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsDeprivationType0 | None | Unset, data)

        deprivation = _parse_deprivation(d.pop("deprivation", UNSET))

        def _parse_ethnicity(data: object) -> DemographicsEthnicityType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ethnicity_type_0 = DemographicsEthnicityType0.from_dict(data)

                return ethnicity_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsEthnicityType0 | None | Unset, data)

        ethnicity = _parse_ethnicity(d.pop("ethnicity", UNSET))

        def _parse_geography(data: object) -> DemographicsGeographyType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                geography_type_0 = DemographicsGeographyType0.from_dict(data)

                return geography_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsGeographyType0 | None | Unset, data)

        geography = _parse_geography(d.pop("geography", UNSET))

        def _parse_household_size(data: object) -> DemographicsHouseholdSizeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                household_size_type_0 = DemographicsHouseholdSizeType0.from_dict(data)

                return household_size_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsHouseholdSizeType0 | None | Unset, data)

        household_size = _parse_household_size(d.pop("household_size", UNSET))

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        def _parse_occupation(data: object) -> DemographicsOccupationType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                occupation_type_0 = DemographicsOccupationType0.from_dict(data)

                return occupation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsOccupationType0 | None | Unset, data)

        occupation = _parse_occupation(d.pop("occupation", UNSET))

        def _parse_population(data: object) -> DemographicsPopulationType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                population_type_0 = DemographicsPopulationType0.from_dict(data)

                return population_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsPopulationType0 | None | Unset, data)

        population = _parse_population(d.pop("population", UNSET))

        def _parse_tenure(data: object) -> DemographicsTenureType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tenure_type_0 = DemographicsTenureType0.from_dict(data)

                return tenure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DemographicsTenureType0 | None | Unset, data)

        tenure = _parse_tenure(d.pop("tenure", UNSET))

        demographics = cls(
            postcode=postcode,
            age=age,
            area=area,
            car_ownership=car_ownership,
            census_year=census_year,
            data_sources=data_sources,
            deprivation=deprivation,
            ethnicity=ethnicity,
            geography=geography,
            household_size=household_size,
            note=note,
            occupation=occupation,
            population=population,
            tenure=tenure,
        )

        demographics.additional_properties = d
        return demographics

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
