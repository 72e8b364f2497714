from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.epc_checker_history_item import EPCCheckerHistoryItem


T = TypeVar("T", bound="EPCChecker")


@_attrs_define
class EPCChecker:
    """
    Attributes:
        uprn (int):
        address (None | str | Unset):
        certificate_count (int | None | Unset):
        construction_age_band (None | str | Unset):
        current_energy_efficiency (int | None | Unset):
        current_energy_rating (None | str | Unset):
        epc_floor_area (float | None | Unset):
        epc_id (None | str | Unset):
        history (list[EPCCheckerHistoryItem] | Unset): Every certificate of the UPRN, newest first.
        last_epc_date (datetime.date | None | Unset):
        postcode (None | str | Unset):
        potential_energy_efficiency (int | None | Unset):
        potential_energy_rating (None | str | Unset):
        property_type (None | str | Unset):
    """

    uprn: int
    address: None | str | Unset = UNSET
    certificate_count: int | None | Unset = UNSET
    construction_age_band: None | str | Unset = UNSET
    current_energy_efficiency: int | None | Unset = UNSET
    current_energy_rating: None | str | Unset = UNSET
    epc_floor_area: float | None | Unset = UNSET
    epc_id: None | str | Unset = UNSET
    history: list[EPCCheckerHistoryItem] | Unset = UNSET
    last_epc_date: datetime.date | None | Unset = UNSET
    postcode: None | str | Unset = UNSET
    potential_energy_efficiency: int | None | Unset = UNSET
    potential_energy_rating: None | str | Unset = UNSET
    property_type: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        uprn = self.uprn

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        certificate_count: int | None | Unset
        if isinstance(self.certificate_count, Unset):
            certificate_count = UNSET
        else:
            certificate_count = self.certificate_count

        construction_age_band: None | str | Unset
        if isinstance(self.construction_age_band, Unset):
            construction_age_band = UNSET
        else:
            construction_age_band = self.construction_age_band

        current_energy_efficiency: int | None | Unset
        if isinstance(self.current_energy_efficiency, Unset):
            current_energy_efficiency = UNSET
        else:
            current_energy_efficiency = self.current_energy_efficiency

        current_energy_rating: None | str | Unset
        if isinstance(self.current_energy_rating, Unset):
            current_energy_rating = UNSET
        else:
            current_energy_rating = self.current_energy_rating

        epc_floor_area: float | None | Unset
        if isinstance(self.epc_floor_area, Unset):
            epc_floor_area = UNSET
        else:
            epc_floor_area = self.epc_floor_area

        epc_id: None | str | Unset
        if isinstance(self.epc_id, Unset):
            epc_id = UNSET
        else:
            epc_id = self.epc_id

        history: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.history, Unset):
            history = []
            for history_item_data in self.history:
                history_item = history_item_data.to_dict()
                history.append(history_item)

        last_epc_date: None | str | Unset
        if isinstance(self.last_epc_date, Unset):
            last_epc_date = UNSET
        elif isinstance(self.last_epc_date, datetime.date):
            last_epc_date = self.last_epc_date.isoformat()
        else:
            last_epc_date = self.last_epc_date

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        potential_energy_efficiency: int | None | Unset
        if isinstance(self.potential_energy_efficiency, Unset):
            potential_energy_efficiency = UNSET
        else:
            potential_energy_efficiency = self.potential_energy_efficiency

        potential_energy_rating: None | str | Unset
        if isinstance(self.potential_energy_rating, Unset):
            potential_energy_rating = UNSET
        else:
            potential_energy_rating = self.potential_energy_rating

        property_type: None | str | Unset
        if isinstance(self.property_type, Unset):
            property_type = UNSET
        else:
            property_type = self.property_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uprn": uprn,
            }
        )
        if address is not UNSET:
            field_dict["address"] = address
        if certificate_count is not UNSET:
            field_dict["certificate_count"] = certificate_count
        if construction_age_band is not UNSET:
            field_dict["construction_age_band"] = construction_age_band
        if current_energy_efficiency is not UNSET:
            field_dict["current_energy_efficiency"] = current_energy_efficiency
        if current_energy_rating is not UNSET:
            field_dict["current_energy_rating"] = current_energy_rating
        if epc_floor_area is not UNSET:
            field_dict["epc_floor_area"] = epc_floor_area
        if epc_id is not UNSET:
            field_dict["epc_id"] = epc_id
        if history is not UNSET:
            field_dict["history"] = history
        if last_epc_date is not UNSET:
            field_dict["last_epc_date"] = last_epc_date
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if potential_energy_efficiency is not UNSET:
            field_dict["potential_energy_efficiency"] = potential_energy_efficiency
        if potential_energy_rating is not UNSET:
            field_dict["potential_energy_rating"] = potential_energy_rating
        if property_type is not UNSET:
            field_dict["property_type"] = property_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.epc_checker_history_item import EPCCheckerHistoryItem  # noqa: PLC0415

        d = dict(src_dict)
        uprn = d.pop("uprn")

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        def _parse_certificate_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        certificate_count = _parse_certificate_count(d.pop("certificate_count", UNSET))

        def _parse_construction_age_band(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        construction_age_band = _parse_construction_age_band(d.pop("construction_age_band", UNSET))

        def _parse_current_energy_efficiency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        current_energy_efficiency = _parse_current_energy_efficiency(d.pop("current_energy_efficiency", UNSET))

        def _parse_current_energy_rating(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        current_energy_rating = _parse_current_energy_rating(d.pop("current_energy_rating", UNSET))

        def _parse_epc_floor_area(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        epc_floor_area = _parse_epc_floor_area(d.pop("epc_floor_area", UNSET))

        def _parse_epc_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        epc_id = _parse_epc_id(d.pop("epc_id", UNSET))

        _history = d.pop("history", UNSET)
        history: list[EPCCheckerHistoryItem] | Unset = UNSET
        if _history is not UNSET:
            history = []
            for history_item_data in _history:
                history_item = EPCCheckerHistoryItem.from_dict(history_item_data)

                history.append(history_item)

        def _parse_last_epc_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_epc_date_type_0 = datetime.date.fromisoformat(data)

                return last_epc_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        last_epc_date = _parse_last_epc_date(d.pop("last_epc_date", UNSET))

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_potential_energy_efficiency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        potential_energy_efficiency = _parse_potential_energy_efficiency(d.pop("potential_energy_efficiency", UNSET))

        def _parse_potential_energy_rating(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        potential_energy_rating = _parse_potential_energy_rating(d.pop("potential_energy_rating", UNSET))

        def _parse_property_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        property_type = _parse_property_type(d.pop("property_type", UNSET))

        epc_checker = cls(
            uprn=uprn,
            address=address,
            certificate_count=certificate_count,
            construction_age_band=construction_age_band,
            current_energy_efficiency=current_energy_efficiency,
            current_energy_rating=current_energy_rating,
            epc_floor_area=epc_floor_area,
            epc_id=epc_id,
            history=history,
            last_epc_date=last_epc_date,
            postcode=postcode,
            potential_energy_efficiency=potential_energy_efficiency,
            potential_energy_rating=potential_energy_rating,
            property_type=property_type,
        )

        epc_checker.additional_properties = d
        return epc_checker

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
