from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DatasetListDatasetsItem")


@_attrs_define
class DatasetListDatasetsItem:
    """
    Attributes:
        changes_since_min (int | None): The oldest since /changes/{dataset} answers; older ones are 410 epoch_expired.
        dataset (str): Dataset name (addresses, postcodes, epc, ...).
        docs (int): Documents in the index served.
        epoch (int | None): Current epoch: one higher after every load, import, merge or apply that changed the dataset.
            Null when the indexer recorded none for the index served.
        loaded_at (None | str):
        release (None | str):
        source (str): generated, import:<format>, or unknown.
    """

    changes_since_min: int | None
    dataset: str
    docs: int
    epoch: int | None
    loaded_at: None | str
    release: None | str
    source: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        changes_since_min: int | None
        changes_since_min = self.changes_since_min

        dataset = self.dataset

        docs = self.docs

        epoch: int | None
        epoch = self.epoch

        loaded_at: None | str
        loaded_at = self.loaded_at

        release: None | str
        release = self.release

        source = self.source

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "changes_since_min": changes_since_min,
                "dataset": dataset,
                "docs": docs,
                "epoch": epoch,
                "loaded_at": loaded_at,
                "release": release,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_changes_since_min(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        changes_since_min = _parse_changes_since_min(d.pop("changes_since_min"))

        dataset = d.pop("dataset")

        docs = d.pop("docs")

        def _parse_epoch(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        epoch = _parse_epoch(d.pop("epoch"))

        def _parse_loaded_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        loaded_at = _parse_loaded_at(d.pop("loaded_at"))

        def _parse_release(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        release = _parse_release(d.pop("release"))

        source = d.pop("source")

        dataset_list_datasets_item = cls(
            changes_since_min=changes_since_min,
            dataset=dataset,
            docs=docs,
            epoch=epoch,
            loaded_at=loaded_at,
            release=release,
            source=source,
        )

        dataset_list_datasets_item.additional_properties = d
        return dataset_list_datasets_item

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
