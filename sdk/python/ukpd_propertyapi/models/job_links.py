from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="JobLinks")


@_attrs_define
class JobLinks:
    """
    Attributes:
        events (None | str | Unset):
        results (None | str | Unset):
        results_csv (None | str | Unset):
        self_ (None | str | Unset):
    """

    events: None | str | Unset = UNSET
    results: None | str | Unset = UNSET
    results_csv: None | str | Unset = UNSET
    self_: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        events: None | str | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        else:
            events = self.events

        results: None | str | Unset
        if isinstance(self.results, Unset):
            results = UNSET
        else:
            results = self.results

        results_csv: None | str | Unset
        if isinstance(self.results_csv, Unset):
            results_csv = UNSET
        else:
            results_csv = self.results_csv

        self_: None | str | Unset
        if isinstance(self.self_, Unset):
            self_ = UNSET
        else:
            self_ = self.self_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if events is not UNSET:
            field_dict["events"] = events
        if results is not UNSET:
            field_dict["results"] = results
        if results_csv is not UNSET:
            field_dict["results_csv"] = results_csv
        if self_ is not UNSET:
            field_dict["self"] = self_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_events(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        events = _parse_events(d.pop("events", UNSET))

        def _parse_results(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        results = _parse_results(d.pop("results", UNSET))

        def _parse_results_csv(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        results_csv = _parse_results_csv(d.pop("results_csv", UNSET))

        def _parse_self_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        self_ = _parse_self_(d.pop("self", UNSET))

        job_links = cls(
            events=events,
            results=results,
            results_csv=results_csv,
            self_=self_,
        )

        job_links.additional_properties = d
        return job_links

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
