from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.address_find import AddressFind
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    q: str,
    limit: int | Unset = 10,
    building: int | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    postcode: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["q"] = q

    params["limit"] = limit

    params["building"] = building

    params["lat"] = lat

    params["lng"] = lng

    params["postcode"] = postcode

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/address/find",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AddressFind | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = AddressFind.from_dict(response.json())

        return response_200

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

    if response.status_code == 410:
        response_410 = ErrorEnvelope.from_dict(response.json())

        return response_410

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
) -> Response[AddressFind | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    q: str,
    limit: int | Unset = 10,
    building: int | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    postcode: str | Unset = UNSET,
) -> Response[AddressFind | ErrorEnvelope]:
    """Address typeahead

     Results are cached by the server for up to 60 seconds (ADDRESS_CACHE_TTL): the X-Cache
    response header says hit or miss. Send Cache-Control: no-cache to skip the cache.

    Parameter rules (not expressible in the schema): postcode, or lat with lng, biases the results
    (optional); when both are sent the postcode wins; lat and lng are given together when they are the
    location used.

    Open: no key needed; a key that is sent is validated and its usage counted. Costs 2 call(s). The
    path also answers with a trailing slash, under /api and /api/v1.

    Args:
        q (str):
        limit (int | Unset):  Default: 10.
        building (int | Unset):
        lat (float | Unset):
        lng (float | Unset):
        postcode (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddressFind | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        q=q,
        limit=limit,
        building=building,
        lat=lat,
        lng=lng,
        postcode=postcode,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    q: str,
    limit: int | Unset = 10,
    building: int | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    postcode: str | Unset = UNSET,
) -> AddressFind | ErrorEnvelope | None:
    """Address typeahead

     Results are cached by the server for up to 60 seconds (ADDRESS_CACHE_TTL): the X-Cache
    response header says hit or miss. Send Cache-Control: no-cache to skip the cache.

    Parameter rules (not expressible in the schema): postcode, or lat with lng, biases the results
    (optional); when both are sent the postcode wins; lat and lng are given together when they are the
    location used.

    Open: no key needed; a key that is sent is validated and its usage counted. Costs 2 call(s). The
    path also answers with a trailing slash, under /api and /api/v1.

    Args:
        q (str):
        limit (int | Unset):  Default: 10.
        building (int | Unset):
        lat (float | Unset):
        lng (float | Unset):
        postcode (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddressFind | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        q=q,
        limit=limit,
        building=building,
        lat=lat,
        lng=lng,
        postcode=postcode,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    q: str,
    limit: int | Unset = 10,
    building: int | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    postcode: str | Unset = UNSET,
) -> Response[AddressFind | ErrorEnvelope]:
    """Address typeahead

     Results are cached by the server for up to 60 seconds (ADDRESS_CACHE_TTL): the X-Cache
    response header says hit or miss. Send Cache-Control: no-cache to skip the cache.

    Parameter rules (not expressible in the schema): postcode, or lat with lng, biases the results
    (optional); when both are sent the postcode wins; lat and lng are given together when they are the
    location used.

    Open: no key needed; a key that is sent is validated and its usage counted. Costs 2 call(s). The
    path also answers with a trailing slash, under /api and /api/v1.

    Args:
        q (str):
        limit (int | Unset):  Default: 10.
        building (int | Unset):
        lat (float | Unset):
        lng (float | Unset):
        postcode (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddressFind | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        q=q,
        limit=limit,
        building=building,
        lat=lat,
        lng=lng,
        postcode=postcode,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    q: str,
    limit: int | Unset = 10,
    building: int | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    postcode: str | Unset = UNSET,
) -> AddressFind | ErrorEnvelope | None:
    """Address typeahead

     Results are cached by the server for up to 60 seconds (ADDRESS_CACHE_TTL): the X-Cache
    response header says hit or miss. Send Cache-Control: no-cache to skip the cache.

    Parameter rules (not expressible in the schema): postcode, or lat with lng, biases the results
    (optional); when both are sent the postcode wins; lat and lng are given together when they are the
    location used.

    Open: no key needed; a key that is sent is validated and its usage counted. Costs 2 call(s). The
    path also answers with a trailing slash, under /api and /api/v1.

    Args:
        q (str):
        limit (int | Unset):  Default: 10.
        building (int | Unset):
        lat (float | Unset):
        lng (float | Unset):
        postcode (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddressFind | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            q=q,
            limit=limit,
            building=building,
            lat=lat,
            lng=lng,
            postcode=postcode,
        )
    ).parsed
