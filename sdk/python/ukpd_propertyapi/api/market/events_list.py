import datetime
from http import HTTPStatus
from typing import Any, cast
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.events_list_event_type import EventsListEventType
from ...models.events_list_ordering import EventsListOrdering
from ...models.page import Page
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    sale: int | Unset = UNSET,
    uprn: int | Unset = UNSET,
    listing: UUID | Unset = UNSET,
    event_type: EventsListEventType | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    date_gte: datetime.date | Unset = UNSET,
    date_lte: datetime.date | Unset = UNSET,
    id: int | Unset = UNSET,
    ordering: EventsListOrdering | Unset = "-date",
    page: int | Unset = 1,
    limit: int | Unset = 10,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["sale"] = sale

    params["uprn"] = uprn

    json_listing: str | Unset = UNSET
    if not isinstance(listing, Unset):
        json_listing = str(listing)
    params["listing"] = json_listing

    json_event_type: str | Unset = UNSET
    if not isinstance(event_type, Unset):
        json_event_type = event_type

    params["event_type"] = json_event_type

    json_date: str | Unset = UNSET
    if not isinstance(date, Unset):
        json_date = date.isoformat()
    params["date"] = json_date

    json_date_gte: str | Unset = UNSET
    if not isinstance(date_gte, Unset):
        json_date_gte = date_gte.isoformat()
    params["date__gte"] = json_date_gte

    json_date_lte: str | Unset = UNSET
    if not isinstance(date_lte, Unset):
        json_date_lte = date_lte.isoformat()
    params["date__lte"] = json_date_lte

    params["id"] = id

    json_ordering: str | Unset = UNSET
    if not isinstance(ordering, Unset):
        json_ordering = ordering

    params["ordering"] = json_ordering

    params["page"] = page

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/property_sale_events",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | Page | None:
    if response.status_code == 200:
        response_200 = Page.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = ErrorEnvelope.from_dict(response.json())

        return response_402

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 414:
        response_414 = ErrorEnvelope.from_dict(response.json())

        return response_414

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = ErrorEnvelope.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ErrorEnvelope | Page]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    sale: int | Unset = UNSET,
    uprn: int | Unset = UNSET,
    listing: UUID | Unset = UNSET,
    event_type: EventsListEventType | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    date_gte: datetime.date | Unset = UNSET,
    date_lte: datetime.date | Unset = UNSET,
    id: int | Unset = UNSET,
    ordering: EventsListOrdering | Unset = "-date",
    page: int | Unset = 1,
    limit: int | Unset = 10,
) -> Response[Any | ErrorEnvelope | Page]:
    """Sale lifecycle events

     Parameter rules (not expressible in the schema): at least one filter is required (400
    filter_required): sale, uprn, listing, event_type, date, date__gte, date__lte or id; date__gte is
    not after date__lte.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        sale (int | Unset):
        uprn (int | Unset):
        listing (UUID | Unset):
        event_type (EventsListEventType | Unset):
        date (datetime.date | Unset):
        date_gte (datetime.date | Unset):
        date_lte (datetime.date | Unset):
        id (int | Unset):
        ordering (EventsListOrdering | Unset):  Default: '-date'.
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | Page]
    """

    kwargs = _get_kwargs(
        sale=sale,
        uprn=uprn,
        listing=listing,
        event_type=event_type,
        date=date,
        date_gte=date_gte,
        date_lte=date_lte,
        id=id,
        ordering=ordering,
        page=page,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    sale: int | Unset = UNSET,
    uprn: int | Unset = UNSET,
    listing: UUID | Unset = UNSET,
    event_type: EventsListEventType | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    date_gte: datetime.date | Unset = UNSET,
    date_lte: datetime.date | Unset = UNSET,
    id: int | Unset = UNSET,
    ordering: EventsListOrdering | Unset = "-date",
    page: int | Unset = 1,
    limit: int | Unset = 10,
) -> Any | ErrorEnvelope | Page | None:
    """Sale lifecycle events

     Parameter rules (not expressible in the schema): at least one filter is required (400
    filter_required): sale, uprn, listing, event_type, date, date__gte, date__lte or id; date__gte is
    not after date__lte.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        sale (int | Unset):
        uprn (int | Unset):
        listing (UUID | Unset):
        event_type (EventsListEventType | Unset):
        date (datetime.date | Unset):
        date_gte (datetime.date | Unset):
        date_lte (datetime.date | Unset):
        id (int | Unset):
        ordering (EventsListOrdering | Unset):  Default: '-date'.
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | Page
    """

    return sync_detailed(
        client=client,
        sale=sale,
        uprn=uprn,
        listing=listing,
        event_type=event_type,
        date=date,
        date_gte=date_gte,
        date_lte=date_lte,
        id=id,
        ordering=ordering,
        page=page,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    sale: int | Unset = UNSET,
    uprn: int | Unset = UNSET,
    listing: UUID | Unset = UNSET,
    event_type: EventsListEventType | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    date_gte: datetime.date | Unset = UNSET,
    date_lte: datetime.date | Unset = UNSET,
    id: int | Unset = UNSET,
    ordering: EventsListOrdering | Unset = "-date",
    page: int | Unset = 1,
    limit: int | Unset = 10,
) -> Response[Any | ErrorEnvelope | Page]:
    """Sale lifecycle events

     Parameter rules (not expressible in the schema): at least one filter is required (400
    filter_required): sale, uprn, listing, event_type, date, date__gte, date__lte or id; date__gte is
    not after date__lte.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        sale (int | Unset):
        uprn (int | Unset):
        listing (UUID | Unset):
        event_type (EventsListEventType | Unset):
        date (datetime.date | Unset):
        date_gte (datetime.date | Unset):
        date_lte (datetime.date | Unset):
        id (int | Unset):
        ordering (EventsListOrdering | Unset):  Default: '-date'.
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | Page]
    """

    kwargs = _get_kwargs(
        sale=sale,
        uprn=uprn,
        listing=listing,
        event_type=event_type,
        date=date,
        date_gte=date_gte,
        date_lte=date_lte,
        id=id,
        ordering=ordering,
        page=page,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    sale: int | Unset = UNSET,
    uprn: int | Unset = UNSET,
    listing: UUID | Unset = UNSET,
    event_type: EventsListEventType | Unset = UNSET,
    date: datetime.date | Unset = UNSET,
    date_gte: datetime.date | Unset = UNSET,
    date_lte: datetime.date | Unset = UNSET,
    id: int | Unset = UNSET,
    ordering: EventsListOrdering | Unset = "-date",
    page: int | Unset = 1,
    limit: int | Unset = 10,
) -> Any | ErrorEnvelope | Page | None:
    """Sale lifecycle events

     Parameter rules (not expressible in the schema): at least one filter is required (400
    filter_required): sale, uprn, listing, event_type, date, date__gte, date__lte or id; date__gte is
    not after date__lte.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        sale (int | Unset):
        uprn (int | Unset):
        listing (UUID | Unset):
        event_type (EventsListEventType | Unset):
        date (datetime.date | Unset):
        date_gte (datetime.date | Unset):
        date_lte (datetime.date | Unset):
        id (int | Unset):
        ordering (EventsListOrdering | Unset):  Default: '-date'.
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | Page
    """

    return (
        await asyncio_detailed(
            client=client,
            sale=sale,
            uprn=uprn,
            listing=listing,
            event_type=event_type,
            date=date,
            date_gte=date_gte,
            date_lte=date_lte,
            id=id,
            ordering=ordering,
            page=page,
            limit=limit,
        )
    ).parsed
