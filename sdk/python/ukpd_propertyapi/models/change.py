from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.change_op import ChangeOp, check_change_op
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.change_document import ChangeDocument


T = TypeVar("T", bound="Change")


@_attrs_define
class Change:
    """
    Attributes:
        changed_fields (list[str]): Top-level fields that changed (every field for an insert, none for a delete).
        epoch (int): The last epoch that changed the document.
        id (str): The document id (a UPRN, a postcode, a certificate id, ...).
        op (ChangeOp): What happened to the document between since and the answer's epoch, all its changes folded into
            one.
        document (ChangeDocument | Unset): The current document (inserts and updates; left out with fields=ids).
    """

    changed_fields: list[str]
    epoch: int
    id: str
    op: ChangeOp
    document: ChangeDocument | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        changed_fields = self.changed_fields

        epoch = self.epoch

        id = self.id

        op: str = self.op

        document: dict[str, Any] | Unset = UNSET
        if not isinstance(self.document, Unset):
            document = self.document.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "changed_fields": changed_fields,
                "epoch": epoch,
                "id": id,
                "op": op,
            }
        )
        if document is not UNSET:
            field_dict["document"] = document

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.change_document import ChangeDocument  # noqa: PLC0415

        d = dict(src_dict)
        changed_fields = cast(list[str], d.pop("changed_fields"))

        epoch = d.pop("epoch")

        id = d.pop("id")

        op = check_change_op(d.pop("op"))

        _document = d.pop("document", UNSET)
        document: ChangeDocument | Unset
        if isinstance(_document, Unset):
            document = UNSET
        else:
            document = ChangeDocument.from_dict(_document)

        change = cls(
            changed_fields=changed_fields,
            epoch=epoch,
            id=id,
            op=op,
            document=document,
        )

        change.additional_properties = d
        return change

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
