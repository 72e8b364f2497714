from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.change import Change


T = TypeVar("T", bound="ChangesPage")


@_attrs_define
class ChangesPage:
    """
    Attributes:
        changes (list[Change]):
        dataset (str):
        epoch (int): The epoch the changes run to (pinned by the cursor across pages): the since of the next sync.
        has_more (bool):
        next_cursor (None | str): Send as cursor for the next page; null on the last page.
        since (int):
    """

    changes: list[Change]
    dataset: str
    epoch: int
    has_more: bool
    next_cursor: None | str
    since: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)

        dataset = self.dataset

        epoch = self.epoch

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        since = self.since

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "changes": changes,
                "dataset": dataset,
                "epoch": epoch,
                "has_more": has_more,
                "next_cursor": next_cursor,
                "since": since,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.change import Change  # noqa: PLC0415

        d = dict(src_dict)
        changes = []
        _changes = d.pop("changes")
        for changes_item_data in _changes:
            changes_item = Change.from_dict(changes_item_data)

            changes.append(changes_item)

        dataset = d.pop("dataset")

        epoch = d.pop("epoch")

        has_more = d.pop("has_more")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        since = d.pop("since")

        changes_page = cls(
            changes=changes,
            dataset=dataset,
            epoch=epoch,
            has_more=has_more,
            next_cursor=next_cursor,
            since=since,
        )

        changes_page.additional_properties = d
        return changes_page

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
