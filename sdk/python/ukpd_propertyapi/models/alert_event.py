from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.alert_event_document import AlertEventDocument


T = TypeVar("T", bound="AlertEvent")


@_attrs_define
class AlertEvent:
    """
    Attributes:
        alert_id (str):
        created_at (datetime.datetime | None):
        dedup_key (str): Same for the same change matched by the same alert
        id (str): Event id: increasing within the organisation's stream (e.g. 1764000000000-0); also X-Event-Id and the
            SSE id.
        type_ (str): An AlertEventType, or test.
        dataset (str | Unset): epc, sales or postcodes for a watch-list event of that dataset.
        doc_id (str | Unset): The id of that dataset's document (certificate, sale, postcode).
        document (AlertEventDocument | Unset): The listing (or sale event
        listing_id (None | str | Unset):
        org_id (None | str | Unset):
        postcode (str | Unset): The postcode of a postcode_terminated event.
        sale_event_id (int | None | Unset):
        uprn (int | None | Unset):
    """

    alert_id: str
    created_at: datetime.datetime | None
    dedup_key: str
    id: str
    type_: str
    dataset: str | Unset = UNSET
    doc_id: str | Unset = UNSET
    document: AlertEventDocument | Unset = UNSET
    listing_id: None | str | Unset = UNSET
    org_id: None | str | Unset = UNSET
    postcode: str | Unset = UNSET
    sale_event_id: int | None | Unset = UNSET
    uprn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        alert_id = self.alert_id

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        dedup_key = self.dedup_key

        id = self.id

        type_ = self.type_

        dataset = self.dataset

        doc_id = self.doc_id

        document: dict[str, Any] | Unset = UNSET
        if not isinstance(self.document, Unset):
            document = self.document.to_dict()

        listing_id: None | str | Unset
        if isinstance(self.listing_id, Unset):
            listing_id = UNSET
        else:
            listing_id = self.listing_id

        org_id: None | str | Unset
        if isinstance(self.org_id, Unset):
            org_id = UNSET
        else:
            org_id = self.org_id

        postcode = self.postcode

        sale_event_id: int | None | Unset
        if isinstance(self.sale_event_id, Unset):
            sale_event_id = UNSET
        else:
            sale_event_id = self.sale_event_id

        uprn: int | None | Unset
        if isinstance(self.uprn, Unset):
            uprn = UNSET
        else:
            uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "alert_id": alert_id,
                "created_at": created_at,
                "dedup_key": dedup_key,
                "id": id,
                "type": type_,
            }
        )
        if dataset is not UNSET:
            field_dict["dataset"] = dataset
        if doc_id is not UNSET:
            field_dict["doc_id"] = doc_id
        if document is not UNSET:
            field_dict["document"] = document
        if listing_id is not UNSET:
            field_dict["listing_id"] = listing_id
        if org_id is not UNSET:
            field_dict["org_id"] = org_id
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if sale_event_id is not UNSET:
            field_dict["sale_event_id"] = sale_event_id
        if uprn is not UNSET:
            field_dict["uprn"] = uprn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.alert_event_document import AlertEventDocument  # noqa: PLC0415

        d = dict(src_dict)
        alert_id = d.pop("alert_id")

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))

        dedup_key = d.pop("dedup_key")

        id = d.pop("id")

        type_ = d.pop("type")

        dataset = d.pop("dataset", UNSET)

        doc_id = d.pop("doc_id", UNSET)

        _document = d.pop("document", UNSET)
        document: AlertEventDocument | Unset
        if isinstance(_document, Unset):
            document = UNSET
        else:
            document = AlertEventDocument.from_dict(_document)

        def _parse_listing_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        listing_id = _parse_listing_id(d.pop("listing_id", UNSET))

        def _parse_org_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        org_id = _parse_org_id(d.pop("org_id", UNSET))

        postcode = d.pop("postcode", UNSET)

        def _parse_sale_event_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sale_event_id = _parse_sale_event_id(d.pop("sale_event_id", UNSET))

        def _parse_uprn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uprn = _parse_uprn(d.pop("uprn", UNSET))

        alert_event = cls(
            alert_id=alert_id,
            created_at=created_at,
            dedup_key=dedup_key,
            id=id,
            type_=type_,
            dataset=dataset,
            doc_id=doc_id,
            document=document,
            listing_id=listing_id,
            org_id=org_id,
            postcode=postcode,
            sale_event_id=sale_event_id,
            uprn=uprn,
        )

        alert_event.additional_properties = d
        return alert_event

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
