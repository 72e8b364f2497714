from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EPCCheckerHistoryItem")


@_attrs_define
class EPCCheckerHistoryItem:
    """
    Attributes:
        current_energy_efficiency (int | None | Unset):
        current_energy_rating (None | str | Unset):
        epc_floor_area (float | None | Unset):
        epc_id (str | Unset):
        inspection_date (datetime.date | None | Unset):
        lodgement_date (datetime.date | None | Unset):
        potential_energy_efficiency (int | None | Unset):
        potential_energy_rating (None | str | Unset):
        transaction_type (None | str | Unset):
    """

    current_energy_efficiency: int | None | Unset = UNSET
    current_energy_rating: None | str | Unset = UNSET
    epc_floor_area: float | None | Unset = UNSET
    epc_id: str | Unset = UNSET
    inspection_date: datetime.date | None | Unset = UNSET
    lodgement_date: datetime.date | None | Unset = UNSET
    potential_energy_efficiency: int | None | Unset = UNSET
    potential_energy_rating: None | str | Unset = UNSET
    transaction_type: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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

        epc_id = self.epc_id

        inspection_date: None | str | Unset
        if isinstance(self.inspection_date, Unset):
            inspection_date = UNSET
        elif isinstance(self.inspection_date, datetime.date):
            inspection_date = self.inspection_date.isoformat()
        else:
            inspection_date = self.inspection_date

        lodgement_date: None | str | Unset
        if isinstance(self.lodgement_date, Unset):
            lodgement_date = UNSET
        elif isinstance(self.lodgement_date, datetime.date):
            lodgement_date = self.lodgement_date.isoformat()
        else:
            lodgement_date = self.lodgement_date

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

        transaction_type: None | str | Unset
        if isinstance(self.transaction_type, Unset):
            transaction_type = UNSET
        else:
            transaction_type = self.transaction_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if current_energy_efficiency is not UNSET:
            field_dict["current_energy_efficiency"] = current_energy_efficiency
        if current_energy_rating is not UNSET:
            field_dict["current_energy_rating"] = current_energy_rating
        if epc_floor_area is not UNSET:
            field_dict["epc_floor_area"] = epc_floor_area
        if epc_id is not UNSET:
            field_dict["epc_id"] = epc_id
        if inspection_date is not UNSET:
            field_dict["inspection_date"] = inspection_date
        if lodgement_date is not UNSET:
            field_dict["lodgement_date"] = lodgement_date
        if potential_energy_efficiency is not UNSET:
            field_dict["potential_energy_efficiency"] = potential_energy_efficiency
        if potential_energy_rating is not UNSET:
            field_dict["potential_energy_rating"] = potential_energy_rating
        if transaction_type is not UNSET:
            field_dict["transaction_type"] = transaction_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

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

        epc_id = d.pop("epc_id", UNSET)

        def _parse_inspection_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                inspection_date_type_0 = datetime.date.fromisoformat(data)

                return inspection_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        inspection_date = _parse_inspection_date(d.pop("inspection_date", UNSET))

        def _parse_lodgement_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                lodgement_date_type_0 = datetime.date.fromisoformat(data)

                return lodgement_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        lodgement_date = _parse_lodgement_date(d.pop("lodgement_date", UNSET))

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

        def _parse_transaction_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction_type = _parse_transaction_type(d.pop("transaction_type", UNSET))

        epc_checker_history_item = cls(
            current_energy_efficiency=current_energy_efficiency,
            current_energy_rating=current_energy_rating,
            epc_floor_area=epc_floor_area,
            epc_id=epc_id,
            inspection_date=inspection_date,
            lodgement_date=lodgement_date,
            potential_energy_efficiency=potential_energy_efficiency,
            potential_energy_rating=potential_energy_rating,
            transaction_type=transaction_type,
        )

        epc_checker_history_item.additional_properties = d
        return epc_checker_history_item

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
