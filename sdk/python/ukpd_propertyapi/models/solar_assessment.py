from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.solar_assessment_rating import SolarAssessmentRating, check_solar_assessment_rating
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.solar_assessment_assumptions import SolarAssessmentAssumptions
    from ..models.solar_assessment_roof_type_0 import SolarAssessmentRoofType0
    from ..models.solar_assessment_system_type_0 import SolarAssessmentSystemType0


T = TypeVar("T", bound="SolarAssessment")


@_attrs_define
class SolarAssessment:
    """Rooftop solar potential from the documented assumptions (echoed in assumptions).

    Attributes:
        rating (SolarAssessmentRating):
        suitable (bool):
        uprn (int):
        address (None | str | Unset):
        assumptions (SolarAssessmentAssumptions | Unset):
        note (None | str | Unset):
        property_type (None | str | Unset):
        reason (None | str | Unset):
        roof (None | SolarAssessmentRoofType0 | Unset):
        system (None | SolarAssessmentSystemType0 | Unset):
    """

    rating: SolarAssessmentRating
    suitable: bool
    uprn: int
    address: None | str | Unset = UNSET
    assumptions: SolarAssessmentAssumptions | Unset = UNSET
    note: None | str | Unset = UNSET
    property_type: None | str | Unset = UNSET
    reason: None | str | Unset = UNSET
    roof: None | SolarAssessmentRoofType0 | Unset = UNSET
    system: None | SolarAssessmentSystemType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.solar_assessment_roof_type_0 import SolarAssessmentRoofType0  # noqa: PLC0415
        from ..models.solar_assessment_system_type_0 import SolarAssessmentSystemType0  # noqa: PLC0415

        rating: str = self.rating

        suitable = self.suitable

        uprn = self.uprn

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        assumptions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.assumptions, Unset):
            assumptions = self.assumptions.to_dict()

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        property_type: None | str | Unset
        if isinstance(self.property_type, Unset):
            property_type = UNSET
        else:
            property_type = self.property_type

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        roof: dict[str, Any] | None | Unset
        if isinstance(self.roof, Unset):
            roof = UNSET
        elif isinstance(self.roof, SolarAssessmentRoofType0):
            roof = self.roof.to_dict()
        else:
            roof = self.roof

        system: dict[str, Any] | None | Unset
        if isinstance(self.system, Unset):
            system = UNSET
        elif isinstance(self.system, SolarAssessmentSystemType0):
            system = self.system.to_dict()
        else:
            system = self.system

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rating": rating,
                "suitable": suitable,
                "uprn": uprn,
            }
        )
        if address is not UNSET:
            field_dict["address"] = address
        if assumptions is not UNSET:
            field_dict["assumptions"] = assumptions
        if note is not UNSET:
            field_dict["note"] = note
        if property_type is not UNSET:
            field_dict["property_type"] = property_type
        if reason is not UNSET:
            field_dict["reason"] = reason
        if roof is not UNSET:
            field_dict["roof"] = roof
        if system is not UNSET:
            field_dict["system"] = system

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.solar_assessment_assumptions import SolarAssessmentAssumptions  # noqa: PLC0415
        from ..models.solar_assessment_roof_type_0 import SolarAssessmentRoofType0  # noqa: PLC0415
        from ..models.solar_assessment_system_type_0 import SolarAssessmentSystemType0  # noqa: PLC0415

        d = dict(src_dict)
        rating = check_solar_assessment_rating(d.pop("rating"))

        suitable = d.pop("suitable")

        uprn = d.pop("uprn")

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        _assumptions = d.pop("assumptions", UNSET)
        assumptions: SolarAssessmentAssumptions | Unset
        if isinstance(_assumptions, Unset):
            assumptions = UNSET
        else:
            assumptions = SolarAssessmentAssumptions.from_dict(_assumptions)

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        def _parse_property_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        property_type = _parse_property_type(d.pop("property_type", UNSET))

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        def _parse_roof(data: object) -> None | SolarAssessmentRoofType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                roof_type_0 = SolarAssessmentRoofType0.from_dict(data)

                return roof_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SolarAssessmentRoofType0 | Unset, data)

        roof = _parse_roof(d.pop("roof", UNSET))

        def _parse_system(data: object) -> None | SolarAssessmentSystemType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                system_type_0 = SolarAssessmentSystemType0.from_dict(data)

                return system_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SolarAssessmentSystemType0 | Unset, data)

        system = _parse_system(d.pop("system", UNSET))

        solar_assessment = cls(
            rating=rating,
            suitable=suitable,
            uprn=uprn,
            address=address,
            assumptions=assumptions,
            note=note,
            property_type=property_type,
            reason=reason,
            roof=roof,
            system=system,
        )

        solar_assessment.additional_properties = d
        return solar_assessment

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
