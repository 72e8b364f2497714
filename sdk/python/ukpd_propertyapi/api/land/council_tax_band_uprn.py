from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.council_tax_band_uprn import CouncilTaxBandUPRN
from ...models.error_envelope import ErrorEnvelope
from ...types import Response


def _get_kwargs(
    uprn: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/council_tax_band/{uprn}".format(
            uprn=quote(str(uprn), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | CouncilTaxBandUPRN | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = CouncilTaxBandUPRN.from_dict(response.json())

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
) -> Response[Any | CouncilTaxBandUPRN | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    uprn: int,
    *,
    client: AuthenticatedClient,
) -> Response[Any | CouncilTaxBandUPRN | ErrorEnvelope]:
    """Council tax band of a UPRN

     The council tax band of one property (England and Wales); the postcode and building form is
    council_tax_band/?postcode=.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | CouncilTaxBandUPRN | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    uprn: int,
    *,
    client: AuthenticatedClient,
) -> Any | CouncilTaxBandUPRN | ErrorEnvelope | None:
    """Council tax band of a UPRN

     The council tax band of one property (England and Wales); the postcode and building form is
    council_tax_band/?postcode=.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | CouncilTaxBandUPRN | ErrorEnvelope
    """

    return sync_detailed(
        uprn=uprn,
        client=client,
    ).parsed


async def asyncio_detailed(
    uprn: int,
    *,
    client: AuthenticatedClient,
) -> Response[Any | CouncilTaxBandUPRN | ErrorEnvelope]:
    """Council tax band of a UPRN

     The council tax band of one property (England and Wales); the postcode and building form is
    council_tax_band/?postcode=.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | CouncilTaxBandUPRN | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    uprn: int,
    *,
    client: AuthenticatedClient,
) -> Any | CouncilTaxBandUPRN | ErrorEnvelope | None:
    """Council tax band of a UPRN

     The council tax band of one property (England and Wales); the postcode and building form is
    council_tax_band/?postcode=.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | CouncilTaxBandUPRN | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            uprn=uprn,
            client=client,
        )
    ).parsed
