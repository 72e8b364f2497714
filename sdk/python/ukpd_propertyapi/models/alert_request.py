from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.alert_event_type import AlertEventType, check_alert_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.saved_search_filters import SavedSearchFilters


T = TypeVar("T", bound="AlertRequest")


@_attrs_define
class AlertRequest:
    """POST: filters, uprns or postcodes required; events default to the listing events. PATCH: any subset; filters, uprns
    and postcodes replace the stored ones.

        Attributes:
            enabled (bool | Unset):  Default: True.
            events (list[AlertEventType] | Unset):
            filters (SavedSearchFilters | Unset): The live-listings/search filters (same names, same meaning, same
                validation; one builder makes
                both the search and the saved search). Give at least one filter, or a uprns watch list. A
                saved search matches a listing whatever its state (is_live is not a filter), so a search
                hears that its listings were sold or withdrawn.
            name (str | Unset):
            postcodes (list[str] | Unset): Watch list of postcodes: listings at them, and their termination
                (postcode_terminated).
            public (bool | Unset): The organisation's public (browser) keys see this alert's events in the relay stream
                listing-map/alerts; off by default. Default: False.
            rotate_secret (bool | Unset): PATCH only: issue a new webhook secret (returned once).
            uprns (list[int] | Unset): Watch list of properties.
            webhook_url (None | str | Unset): An absolute https or http URL (scheme and host, no user info, at most 2,048
                characters) on port 443 or 80 (unless the operator allows others); loopback, private, link-local and reserved
                targets, IPv6 forms embedding IPv4 and zoned IPv6 addresses and hosts that do not resolve are refused (422).
                Empty or null = stream only.
    """

    enabled: bool | Unset = True
    events: list[AlertEventType] | Unset = UNSET
    filters: SavedSearchFilters | Unset = UNSET
    name: str | Unset = UNSET
    postcodes: list[str] | Unset = UNSET
    public: bool | Unset = False
    rotate_secret: bool | Unset = UNSET
    uprns: list[int] | Unset = UNSET
    webhook_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item: str = events_item_data
                events.append(events_item)

        filters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.filters, Unset):
            filters = self.filters.to_dict()

        name = self.name

        postcodes: list[str] | Unset = UNSET
        if not isinstance(self.postcodes, Unset):
            postcodes = self.postcodes

        public = self.public

        rotate_secret = self.rotate_secret

        uprns: list[int] | Unset = UNSET
        if not isinstance(self.uprns, Unset):
            uprns = self.uprns

        webhook_url: None | str | Unset
        if isinstance(self.webhook_url, Unset):
            webhook_url = UNSET
        else:
            webhook_url = self.webhook_url

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if events is not UNSET:
            field_dict["events"] = events
        if filters is not UNSET:
            field_dict["filters"] = filters
        if name is not UNSET:
            field_dict["name"] = name
        if postcodes is not UNSET:
            field_dict["postcodes"] = postcodes
        if public is not UNSET:
            field_dict["public"] = public
        if rotate_secret is not UNSET:
            field_dict["rotate_secret"] = rotate_secret
        if uprns is not UNSET:
            field_dict["uprns"] = uprns
        if webhook_url is not UNSET:
            field_dict["webhook_url"] = webhook_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.saved_search_filters import SavedSearchFilters  # noqa: PLC0415

        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        _events = d.pop("events", UNSET)
        events: list[AlertEventType] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = check_alert_event_type(events_item_data)

                events.append(events_item)

        _filters = d.pop("filters", UNSET)
        filters: SavedSearchFilters | Unset
        if isinstance(_filters, Unset):
            filters = UNSET
        else:
            filters = SavedSearchFilters.from_dict(_filters)

        name = d.pop("name", UNSET)

        postcodes = cast(list[str], d.pop("postcodes", UNSET))

        public = d.pop("public", UNSET)

        rotate_secret = d.pop("rotate_secret", UNSET)

        uprns = cast(list[int], d.pop("uprns", UNSET))

        def _parse_webhook_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        webhook_url = _parse_webhook_url(d.pop("webhook_url", UNSET))

        alert_request = cls(
            enabled=enabled,
            events=events,
            filters=filters,
            name=name,
            postcodes=postcodes,
            public=public,
            rotate_secret=rotate_secret,
            uprns=uprns,
            webhook_url=webhook_url,
        )

        return alert_request
