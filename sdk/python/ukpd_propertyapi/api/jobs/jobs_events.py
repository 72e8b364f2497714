from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id_header, Unset):
        headers["Last-Event-ID"] = last_event_id_header

    params: dict[str, Any] = {}

    params["last_event_id"] = last_event_id_query

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/jobs/{id}/events".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

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
) -> Response[Any | ErrorEnvelope | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope | str]:
    """A job's progress as server-sent events

     Server-Sent Events of a job's progress: `id:` is the event id, `event:` progress (the job shows
    something new: a batch of rows committed, queued to running) or end (done, failed or cancelled;
    the stream then closes), `data:` the Job JSON. The first event shows the job as it is. Send
    Last-Event-ID (browsers do on reconnect) or last_event_id to resume: the stream starts with what
    that event did not show, and a client that has seen the end event is answered 204 (an
    EventSource then stops reconnecting). A comment line every 15 s keeps idle connections open; the
    server may close a stream (shutdown, after an hour) and a client resumes with Last-Event-ID. A
    cancelled job whose running batch committed after the cancel shows it in one more end event to
    a client that reconnects.

    Parameter rules (not expressible in the schema): Last-Event-ID and last_event_id, when sent, are an
    event id of this stream (e.g. 500-1); sent empty they are 422, like every typed parameter.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        id (str):
        last_event_id_query (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        id=id,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Any | ErrorEnvelope | str | None:
    """A job's progress as server-sent events

     Server-Sent Events of a job's progress: `id:` is the event id, `event:` progress (the job shows
    something new: a batch of rows committed, queued to running) or end (done, failed or cancelled;
    the stream then closes), `data:` the Job JSON. The first event shows the job as it is. Send
    Last-Event-ID (browsers do on reconnect) or last_event_id to resume: the stream starts with what
    that event did not show, and a client that has seen the end event is answered 204 (an
    EventSource then stops reconnecting). A comment line every 15 s keeps idle connections open; the
    server may close a stream (shutdown, after an hour) and a client resumes with Last-Event-ID. A
    cancelled job whose running batch committed after the cancel shows it in one more end event to
    a client that reconnects.

    Parameter rules (not expressible in the schema): Last-Event-ID and last_event_id, when sent, are an
    event id of this stream (e.g. 500-1); sent empty they are 422, like every typed parameter.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        id (str):
        last_event_id_query (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | str
    """

    return sync_detailed(
        id=id,
        client=client,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope | str]:
    """A job's progress as server-sent events

     Server-Sent Events of a job's progress: `id:` is the event id, `event:` progress (the job shows
    something new: a batch of rows committed, queued to running) or end (done, failed or cancelled;
    the stream then closes), `data:` the Job JSON. The first event shows the job as it is. Send
    Last-Event-ID (browsers do on reconnect) or last_event_id to resume: the stream starts with what
    that event did not show, and a client that has seen the end event is answered 204 (an
    EventSource then stops reconnecting). A comment line every 15 s keeps idle connections open; the
    server may close a stream (shutdown, after an hour) and a client resumes with Last-Event-ID. A
    cancelled job whose running batch committed after the cancel shows it in one more end event to
    a client that reconnects.

    Parameter rules (not expressible in the schema): Last-Event-ID and last_event_id, when sent, are an
    event id of this stream (e.g. 500-1); sent empty they are 422, like every typed parameter.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        id (str):
        last_event_id_query (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        id=id,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Any | ErrorEnvelope | str | None:
    """A job's progress as server-sent events

     Server-Sent Events of a job's progress: `id:` is the event id, `event:` progress (the job shows
    something new: a batch of rows committed, queued to running) or end (done, failed or cancelled;
    the stream then closes), `data:` the Job JSON. The first event shows the job as it is. Send
    Last-Event-ID (browsers do on reconnect) or last_event_id to resume: the stream starts with what
    that event did not show, and a client that has seen the end event is answered 204 (an
    EventSource then stops reconnecting). A comment line every 15 s keeps idle connections open; the
    server may close a stream (shutdown, after an hour) and a client resumes with Last-Event-ID. A
    cancelled job whose running batch committed after the cancel shows it in one more end event to
    a client that reconnects.

    Parameter rules (not expressible in the schema): Last-Event-ID and last_event_id, when sent, are an
    event id of this stream (e.g. 500-1); sent empty they are 422, like every typed parameter.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        id (str):
        last_event_id_query (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | str
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            last_event_id_query=last_event_id_query,
            last_event_id_header=last_event_id_header,
        )
    ).parsed
