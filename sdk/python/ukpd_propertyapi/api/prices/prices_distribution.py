from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.price_distribution import PriceDistribution
from ...types import UNSET, Response, Unset


def _get_kwargs(
    outcode: str,
    *,
    months: int | Unset = 12,
    bin_width: int | Unset = 50000,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["months"] = months

    params["bin_width"] = bin_width

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/price_distributions/{outcode}".format(
            outcode=quote(str(outcode), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | PriceDistribution | None:
    if response.status_code == 200:
        response_200 = PriceDistribution.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | ErrorEnvelope | PriceDistribution]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    outcode: str,
    *,
    client: AuthenticatedClient,
    months: int | Unset = 12,
    bin_width: int | Unset = 50000,
) -> Response[Any | ErrorEnvelope | PriceDistribution]:
    """Sold price histogram for an outcode

     Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        outcode (str):
        months (int | Unset):  Default: 12.
        bin_width (int | Unset):  Default: 50000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | PriceDistribution]
    """

    kwargs = _get_kwargs(
        outcode=outcode,
        months=months,
        bin_width=bin_width,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    outcode: str,
    *,
    client: AuthenticatedClient,
    months: int | Unset = 12,
    bin_width: int | Unset = 50000,
) -> Any | ErrorEnvelope | PriceDistribution | None:
    """Sold price histogram for an outcode

     Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        outcode (str):
        months (int | Unset):  Default: 12.
        bin_width (int | Unset):  Default: 50000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | PriceDistribution
    """

    return sync_detailed(
        outcode=outcode,
        client=client,
        months=months,
        bin_width=bin_width,
    ).parsed


async def asyncio_detailed(
    outcode: str,
    *,
    client: AuthenticatedClient,
    months: int | Unset = 12,
    bin_width: int | Unset = 50000,
) -> Response[Any | ErrorEnvelope | PriceDistribution]:
    """Sold price histogram for an outcode

     Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        outcode (str):
        months (int | Unset):  Default: 12.
        bin_width (int | Unset):  Default: 50000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | PriceDistribution]
    """

    kwargs = _get_kwargs(
        outcode=outcode,
        months=months,
        bin_width=bin_width,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    outcode: str,
    *,
    client: AuthenticatedClient,
    months: int | Unset = 12,
    bin_width: int | Unset = 50000,
) -> Any | ErrorEnvelope | PriceDistribution | None:
    """Sold price histogram for an outcode

     Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        outcode (str):
        months (int | Unset):  Default: 12.
        bin_width (int | Unset):  Default: 50000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | PriceDistribution
    """

    return (
        await asyncio_detailed(
            outcode=outcode,
            client=client,
            months=months,
            bin_width=bin_width,
        )
    ).parsed
