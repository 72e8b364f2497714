from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: int,
    *,
    simplify: float | Unset = 0.0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["simplify"] = simplify

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/boundaries/{id}/geometry".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ErrorEnvelope | None:
    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
    simplify: float | Unset = 0.0,
) -> Response[Any | ErrorEnvelope]:
    """A boundary's polygon as a GeoJSON Feature (free)

     Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        id (int):
        simplify (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        id=id,
        simplify=simplify,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: int,
    *,
    client: AuthenticatedClient,
    simplify: float | Unset = 0.0,
) -> Any | ErrorEnvelope | None:
    """A boundary's polygon as a GeoJSON Feature (free)

     Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        id (int):
        simplify (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
    """

    return sync_detailed(
        id=id,
        client=client,
        simplify=simplify,
    ).parsed


async def asyncio_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
    simplify: float | Unset = 0.0,
) -> Response[Any | ErrorEnvelope]:
    """A boundary's polygon as a GeoJSON Feature (free)

     Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        id (int):
        simplify (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        id=id,
        simplify=simplify,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: int,
    *,
    client: AuthenticatedClient,
    simplify: float | Unset = 0.0,
) -> Any | ErrorEnvelope | None:
    """A boundary's polygon as a GeoJSON Feature (free)

     Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        id (int):
        simplify (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            simplify=simplify,
        )
    ).parsed
