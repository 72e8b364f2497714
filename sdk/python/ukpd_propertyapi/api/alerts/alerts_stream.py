from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    last_event_id_query: str | Unset = UNSET,
    alert_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id_header, Unset):
        headers["Last-Event-ID"] = last_event_id_header

    params: dict[str, Any] = {}

    params["last_event_id"] = last_event_id_query

    params["alert_id"] = alert_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/alerts/stream",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = ErrorEnvelope.from_dict(response.json())

        return response_402

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id_query: str | Unset = UNSET,
    alert_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[ErrorEnvelope | str]:
    """Live alert events (Server-Sent Events; Last-Event-ID resumes)

     Server-Sent Events of the organisation's alert events: `id:` is the event id, `event:` the event
    type, `data:` the AlertEvent JSON. Send Last-Event-ID (browsers do on reconnect) or
    last_event_id to resume after an event; without it the stream starts with the next event. A
    comment line every 15 s keeps idle connections open. Through the browser relay:
    /api/embed/v2/listing-map/alerts with a public key.

    Parameter rules (not expressible in the schema): Last-Event-ID and last_event_id are an event id of
    this stream (e.g. 1732450000000-0); alert_id names an alert of the organisation.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        last_event_id_query (str | Unset):
        alert_id (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        last_event_id_query=last_event_id_query,
        alert_id=alert_id,
        last_event_id_header=last_event_id_header,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    last_event_id_query: str | Unset = UNSET,
    alert_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> ErrorEnvelope | str | None:
    """Live alert events (Server-Sent Events; Last-Event-ID resumes)

     Server-Sent Events of the organisation's alert events: `id:` is the event id, `event:` the event
    type, `data:` the AlertEvent JSON. Send Last-Event-ID (browsers do on reconnect) or
    last_event_id to resume after an event; without it the stream starts with the next event. A
    comment line every 15 s keeps idle connections open. Through the browser relay:
    /api/embed/v2/listing-map/alerts with a public key.

    Parameter rules (not expressible in the schema): Last-Event-ID and last_event_id are an event id of
    this stream (e.g. 1732450000000-0); alert_id names an alert of the organisation.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        last_event_id_query (str | Unset):
        alert_id (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | str
    """

    return sync_detailed(
        client=client,
        last_event_id_query=last_event_id_query,
        alert_id=alert_id,
        last_event_id_header=last_event_id_header,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id_query: str | Unset = UNSET,
    alert_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[ErrorEnvelope | str]:
    """Live alert events (Server-Sent Events; Last-Event-ID resumes)

     Server-Sent Events of the organisation's alert events: `id:` is the event id, `event:` the event
    type, `data:` the AlertEvent JSON. Send Last-Event-ID (browsers do on reconnect) or
    last_event_id to resume after an event; without it the stream starts with the next event. A
    comment line every 15 s keeps idle connections open. Through the browser relay:
    /api/embed/v2/listing-map/alerts with a public key.

    Parameter rules (not expressible in the schema): Last-Event-ID and last_event_id are an event id of
    this stream (e.g. 1732450000000-0); alert_id names an alert of the organisation.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        last_event_id_query (str | Unset):
        alert_id (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        last_event_id_query=last_event_id_query,
        alert_id=alert_id,
        last_event_id_header=last_event_id_header,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    last_event_id_query: str | Unset = UNSET,
    alert_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> ErrorEnvelope | str | None:
    """Live alert events (Server-Sent Events; Last-Event-ID resumes)

     Server-Sent Events of the organisation's alert events: `id:` is the event id, `event:` the event
    type, `data:` the AlertEvent JSON. Send Last-Event-ID (browsers do on reconnect) or
    last_event_id to resume after an event; without it the stream starts with the next event. A
    comment line every 15 s keeps idle connections open. Through the browser relay:
    /api/embed/v2/listing-map/alerts with a public key.

    Parameter rules (not expressible in the schema): Last-Event-ID and last_event_id are an event id of
    this stream (e.g. 1732450000000-0); alert_id names an alert of the organisation.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        last_event_id_query (str | Unset):
        alert_id (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | str
    """

    return (
        await asyncio_detailed(
            client=client,
            last_event_id_query=last_event_id_query,
            alert_id=alert_id,
            last_event_id_header=last_event_id_header,
        )
    ).parsed
