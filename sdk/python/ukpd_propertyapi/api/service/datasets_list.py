from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.dataset_list import DatasetList
from ...models.error_envelope import ErrorEnvelope
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/datasets",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DatasetList | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = DatasetList.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 414:
        response_414 = ErrorEnvelope.from_dict(response.json())

        return response_414

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
) -> Response[DatasetList | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[DatasetList | ErrorEnvelope]:
    """Each loaded dataset's current epoch, source, release, load time and document count (free)

     Each loaded dataset with its current epoch, the oldest since its changes feed answers, its
    source, release, load time and document count. Every data answer names the epochs it read in
    X-Data-Epoch (`addresses=42; postcodes=17`); sending `as_of_epoch=42` (or
    `as_of_epoch=addresses:42,postcodes:17`) with any data request makes it answer only from those
    epochs (410 epoch_not_served otherwise). See docs/data.md.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DatasetList | ErrorEnvelope]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> DatasetList | ErrorEnvelope | None:
    """Each loaded dataset's current epoch, source, release, load time and document count (free)

     Each loaded dataset with its current epoch, the oldest since its changes feed answers, its
    source, release, load time and document count. Every data answer names the epochs it read in
    X-Data-Epoch (`addresses=42; postcodes=17`); sending `as_of_epoch=42` (or
    `as_of_epoch=addresses:42,postcodes:17`) with any data request makes it answer only from those
    epochs (410 epoch_not_served otherwise). See docs/data.md.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DatasetList | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[DatasetList | ErrorEnvelope]:
    """Each loaded dataset's current epoch, source, release, load time and document count (free)

     Each loaded dataset with its current epoch, the oldest since its changes feed answers, its
    source, release, load time and document count. Every data answer names the epochs it read in
    X-Data-Epoch (`addresses=42; postcodes=17`); sending `as_of_epoch=42` (or
    `as_of_epoch=addresses:42,postcodes:17`) with any data request makes it answer only from those
    epochs (410 epoch_not_served otherwise). See docs/data.md.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DatasetList | ErrorEnvelope]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> DatasetList | ErrorEnvelope | None:
    """Each loaded dataset's current epoch, source, release, load time and document count (free)

     Each loaded dataset with its current epoch, the oldest since its changes feed answers, its
    source, release, load time and document count. Every data answer names the epochs it read in
    X-Data-Epoch (`addresses=42; postcodes=17`); sending `as_of_epoch=42` (or
    `as_of_epoch=addresses:42,postcodes:17`) with any data request makes it answer only from those
    epochs (410 epoch_not_served otherwise). See docs/data.md.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DatasetList | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
