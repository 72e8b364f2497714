from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.alert_delivery import AlertDelivery, check_alert_delivery
from ..models.alert_event_type import AlertEventType, check_alert_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.alert_filters import AlertFilters
    from ..models.alert_state import AlertState


T = TypeVar("T", bound="Alert")


@_attrs_define
class Alert:
    """
    Attributes:
        created_at (datetime.datetime | None):
        delivery (AlertDelivery):
        enabled (bool):
        events (list[AlertEventType]):
        filters (AlertFilters): The filters as given (normalised to strings).
        id (str):
        updated_at (datetime.datetime | None):
        uprns (list[int | None]):
        name (str | Unset):
        postcodes (list[None | str] | Unset):
        public (bool | Unset): The organisation's public keys see this alert's events in the relay stream.
        secret (str | Unset): The webhook signing secret: only in the answer that created or rotated it.
        state (AlertState | Unset):
        webhook_url (None | str | Unset):
    """

    created_at: datetime.datetime | None
    delivery: AlertDelivery
    enabled: bool
    events: list[AlertEventType]
    filters: AlertFilters
    id: str
    updated_at: datetime.datetime | None
    uprns: list[int | None]
    name: str | Unset = UNSET
    postcodes: list[None | str] | Unset = UNSET
    public: bool | Unset = UNSET
    secret: str | Unset = UNSET
    state: AlertState | Unset = UNSET
    webhook_url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        delivery: str = self.delivery

        enabled = self.enabled

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        filters = self.filters.to_dict()

        id = self.id

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        uprns = []
        for uprns_item_data in self.uprns:
            uprns_item: int | None
            uprns_item = uprns_item_data
            uprns.append(uprns_item)

        name = self.name

        postcodes: list[None | str] | Unset = UNSET
        if not isinstance(self.postcodes, Unset):
            postcodes = []
            for postcodes_item_data in self.postcodes:
                postcodes_item: None | str
                postcodes_item = postcodes_item_data
                postcodes.append(postcodes_item)

        public = self.public

        secret = self.secret

        state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.to_dict()

        webhook_url: None | str | Unset
        if isinstance(self.webhook_url, Unset):
            webhook_url = UNSET
        else:
            webhook_url = self.webhook_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "delivery": delivery,
                "enabled": enabled,
                "events": events,
                "filters": filters,
                "id": id,
                "updated_at": updated_at,
                "uprns": uprns,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if postcodes is not UNSET:
            field_dict["postcodes"] = postcodes
        if public is not UNSET:
            field_dict["public"] = public
        if secret is not UNSET:
            field_dict["secret"] = secret
        if state is not UNSET:
            field_dict["state"] = state
        if webhook_url is not UNSET:
            field_dict["webhook_url"] = webhook_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.alert_filters import AlertFilters  # noqa: PLC0415
        from ..models.alert_state import AlertState  # noqa: PLC0415

        d = dict(src_dict)

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

        delivery = check_alert_delivery(d.pop("delivery"))

        enabled = d.pop("enabled")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_alert_event_type(events_item_data)

            events.append(events_item)

        filters = AlertFilters.from_dict(d.pop("filters"))

        id = d.pop("id")

        def _parse_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)

                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        uprns = []
        _uprns = d.pop("uprns")
        for uprns_item_data in _uprns:

            def _parse_uprns_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            uprns_item = _parse_uprns_item(uprns_item_data)

            uprns.append(uprns_item)

        name = d.pop("name", UNSET)

        _postcodes = d.pop("postcodes", UNSET)
        postcodes: list[None | str] | Unset = UNSET
        if _postcodes is not UNSET:
            postcodes = []
            for postcodes_item_data in _postcodes:

                def _parse_postcodes_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                postcodes_item = _parse_postcodes_item(postcodes_item_data)

                postcodes.append(postcodes_item)

        public = d.pop("public", UNSET)

        secret = d.pop("secret", UNSET)

        _state = d.pop("state", UNSET)
        state: AlertState | Unset
        if isinstance(_state, Unset):
            state = UNSET
        else:
            state = AlertState.from_dict(_state)

        def _parse_webhook_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        webhook_url = _parse_webhook_url(d.pop("webhook_url", UNSET))

        alert = cls(
            created_at=created_at,
            delivery=delivery,
            enabled=enabled,
            events=events,
            filters=filters,
            id=id,
            updated_at=updated_at,
            uprns=uprns,
            name=name,
            postcodes=postcodes,
            public=public,
            secret=secret,
            state=state,
            webhook_url=webhook_url,
        )

        alert.additional_properties = d
        return alert

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
