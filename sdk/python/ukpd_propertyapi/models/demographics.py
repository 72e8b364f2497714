from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.demographics_age import DemographicsAge
    from ..models.demographics_area_type_0 import DemographicsAreaType0
    from ..models.demographics_car_ownership import DemographicsCarOwnership
    from ..models.demographics_deprivation_type_0 import DemographicsDeprivationType0
    from ..models.demographics_ethnicity import DemographicsEthnicity
    from ..models.demographics_geography_type_0 import DemographicsGeographyType0
    from ..models.demographics_household_size import DemographicsHouseholdSize
    from ..models.demographics_occupation import DemographicsOccupation
    from ..models.demographics_population_type_0 import DemographicsPopulationType0
    from ..models.demographics_tenure import DemographicsTenure


T = TypeVar("T", bound="Demographics")


@_attrs_define
class Demographics:
    """
    Attributes:
        postcode (str):
        age (DemographicsAge | Unset):
        area (DemographicsAreaType0 | None | Unset):
        car_ownership (DemographicsCarOwnership | Unset):
        census_year (int | None | Unset):
        data_sources (list[None | str] | Unset):
        deprivation (DemographicsDeprivationType0 | None | Unset):
        ethnicity (DemographicsEthnicity | Unset):
        geography (DemographicsGeographyType0 | None | Unset):
        household_size (DemographicsHouseholdSize | Unset):
        note (None | str | Unset):
        occupation (DemographicsOccupation | Unset):
        population (DemographicsPopulationType0 | None | Unset):
        tenure (DemographicsTenure | Unset):
    """

    postcode: str
    age: DemographicsAge | Unset = UNSET
    area: DemographicsAreaType0 | None | Unset = UNSET
    car_ownership: DemographicsCarOwnership | Unset = UNSET
    census_year: int | None | Unset = UNSET
    data_sources: list[None | str] | Unset = UNSET
    deprivation: DemographicsDeprivationType0 | None | Unset = UNSET
    ethnicity: DemographicsEthnicity | Unset = UNSET
    geography: DemographicsGeographyType0 | None | Unset = UNSET
    household_size: DemographicsHouseholdSize | Unset = UNSET
    note: None | str | Unset = UNSET
    occupation: DemographicsOccupation | Unset = UNSET
    population: DemographicsPopulationType0 | None | Unset = UNSET
    tenure: DemographicsTenure | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.demographics_area_type_0 import DemographicsAreaType0  # noqa: PLC0415
        from ..models.demographics_deprivation_type_0 import DemographicsDeprivationType0  # noqa: PLC0415
        from ..models.demographics_geography_type_0 import DemographicsGeographyType0  # noqa: PLC0415
        from ..models.demographics_population_type_0 import DemographicsPopulationType0  # noqa: PLC0415

        postcode = self.postcode

        age: dict[str, Any] | Unset = UNSET
        if not isinstance(self.age, Unset):
            age = self.age.to_dict()

        area: dict[str, Any] | None | Unset
        if isinstance(self.area, Unset):
            area = UNSET
        elif isinstance(self.area, DemographicsAreaType0):
            area = self.area.to_dict()
        else:
            area = self.area

        car_ownership: dict[str, Any] | Unset = UNSET
        if not isinstance(self.car_ownership, Unset):
            car_ownership = self.car_ownership.to_dict()

        census_year: int | None | Unset
        if isinstance(self.census_year, Unset):
            census_year = UNSET
        else:
            census_year = self.census_year

        data_sources: list[None | str] | Unset = UNSET
        if not isinstance(self.data_sources, Unset):
            data_sources = []
            for data_sources_item_data in self.data_sources:
                data_sources_item: None | str
                data_sources_item = data_sources_item_data
                data_sources.append(data_sources_item)

        deprivation: dict[str, Any] | None | Unset
        if isinstance(self.deprivation, Unset):
            deprivation = UNSET
        elif isinstance(self.deprivation, DemographicsDeprivationType0):
            deprivation = self.deprivation.to_dict()
        else:
            deprivation = self.deprivation

        ethnicity: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ethnicity, Unset):
            ethnicity = self.ethnicity.to_dict()

        geography: dict[str, Any] | None | Unset
        if isinstance(self.geography, Unset):
            geography = UNSET
        elif isinstance(self.geography, DemographicsGeographyType0):
            geography = self.geography.to_dict()
        else:
            geography = self.geography

        household_size: dict[str, Any] | Unset = UNSET
        if not isinstance(self.household_size, Unset):
            household_size = self.household_size.to_dict()

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        occupation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.occupation, Unset):
            occupation = self.occupation.to_dict()

        population: dict[str, Any] | None | Unset
        if isinstance(self.population, Unset):
            population = UNSET
        elif isinstance(self.population, DemographicsPopulationType0):
            population = self.population.to_dict()
        else:
            population = self.population

        tenure: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tenure, Unset):
            tenure = self.tenure.to_dict()

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
        from ..models.demographics_age import DemographicsAge  # noqa: PLC0415
        from ..models.demographics_area_type_0 import DemographicsAreaType0  # noqa: PLC0415
        from ..models.demographics_car_ownership import DemographicsCarOwnership  # noqa: PLC0415
        from ..models.demographics_deprivation_type_0 import DemographicsDeprivationType0  # noqa: PLC0415
        from ..models.demographics_ethnicity import DemographicsEthnicity  # noqa: PLC0415
        from ..models.demographics_geography_type_0 import DemographicsGeographyType0  # noqa: PLC0415
        from ..models.demographics_household_size import DemographicsHouseholdSize  # noqa: PLC0415
        from ..models.demographics_occupation import DemographicsOccupation  # noqa: PLC0415
        from ..models.demographics_population_type_0 import DemographicsPopulationType0  # noqa: PLC0415
        from ..models.demographics_tenure import DemographicsTenure  # noqa: PLC0415

        d = dict(src_dict)
        postcode = d.pop("postcode")

        _age = d.pop("age", UNSET)
        age: DemographicsAge | Unset
        if isinstance(_age, Unset):
            age = UNSET
        else:
            age = DemographicsAge.from_dict(_age)

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

        _car_ownership = d.pop("car_ownership", UNSET)
        car_ownership: DemographicsCarOwnership | Unset
        if isinstance(_car_ownership, Unset):
            car_ownership = UNSET
        else:
            car_ownership = DemographicsCarOwnership.from_dict(_car_ownership)

        def _parse_census_year(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        census_year = _parse_census_year(d.pop("census_year", UNSET))

        _data_sources = d.pop("data_sources", UNSET)
        data_sources: list[None | str] | Unset = UNSET
        if _data_sources is not UNSET:
            data_sources = []
            for data_sources_item_data in _data_sources:

                def _parse_data_sources_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                data_sources_item = _parse_data_sources_item(data_sources_item_data)

                data_sources.append(data_sources_item)

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

        _ethnicity = d.pop("ethnicity", UNSET)
        ethnicity: DemographicsEthnicity | Unset
        if isinstance(_ethnicity, Unset):
            ethnicity = UNSET
        else:
            ethnicity = DemographicsEthnicity.from_dict(_ethnicity)

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

        _household_size = d.pop("household_size", UNSET)
        household_size: DemographicsHouseholdSize | Unset
        if isinstance(_household_size, Unset):
            household_size = UNSET
        else:
            household_size = DemographicsHouseholdSize.from_dict(_household_size)

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        _occupation = d.pop("occupation", UNSET)
        occupation: DemographicsOccupation | Unset
        if isinstance(_occupation, Unset):
            occupation = UNSET
        else:
            occupation = DemographicsOccupation.from_dict(_occupation)

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

        _tenure = d.pop("tenure", UNSET)
        tenure: DemographicsTenure | Unset
        if isinstance(_tenure, Unset):
            tenure = UNSET
        else:
            tenure = DemographicsTenure.from_dict(_tenure)

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
