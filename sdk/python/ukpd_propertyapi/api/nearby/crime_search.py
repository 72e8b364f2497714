from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.crime import Crime
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    date: str | Unset = UNSET,
    months: int | Unset = UNSET,
    category: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["postcode"] = postcode

    params["lat"] = lat

    params["lng"] = lng

    params["radius_km"] = radius_km

    params["date"] = date

    params["months"] = months

    params["category"] = category

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/crime",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Crime | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = Crime.from_dict(response.json())

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
) -> Response[Any | Crime | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    date: str | Unset = UNSET,
    months: int | Unset = UNSET,
    category: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Response[Any | Crime | ErrorEnvelope]:
    """Recent crime near a postcode

     Parameter rules (not expressible in the schema): a location is required: postcode, or lat with lng;
    when both are sent the postcode wins; lat and lng are given together when no postcode is sent.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 1.0.
        date (str | Unset):
        months (int | Unset):
        category (str | Unset):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Crime | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        postcode=postcode,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        date=date,
        months=months,
        category=category,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    date: str | Unset = UNSET,
    months: int | Unset = UNSET,
    category: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Any | Crime | ErrorEnvelope | None:
    """Recent crime near a postcode

     Parameter rules (not expressible in the schema): a location is required: postcode, or lat with lng;
    when both are sent the postcode wins; lat and lng are given together when no postcode is sent.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 1.0.
        date (str | Unset):
        months (int | Unset):
        category (str | Unset):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Crime | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        postcode=postcode,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        date=date,
        months=months,
        category=category,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    date: str | Unset = UNSET,
    months: int | Unset = UNSET,
    category: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Response[Any | Crime | ErrorEnvelope]:
    """Recent crime near a postcode

     Parameter rules (not expressible in the schema): a location is required: postcode, or lat with lng;
    when both are sent the postcode wins; lat and lng are given together when no postcode is sent.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 1.0.
        date (str | Unset):
        months (int | Unset):
        category (str | Unset):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Crime | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        postcode=postcode,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        date=date,
        months=months,
        category=category,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    date: str | Unset = UNSET,
    months: int | Unset = UNSET,
    category: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Any | Crime | ErrorEnvelope | None:
    """Recent crime near a postcode

     Parameter rules (not expressible in the schema): a location is required: postcode, or lat with lng;
    when both are sent the postcode wins; lat and lng are given together when no postcode is sent.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 1.0.
        date (str | Unset):
        months (int | Unset):
        category (str | Unset):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Crime | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            postcode=postcode,
            lat=lat,
            lng=lng,
            radius_km=radius_km,
            date=date,
            months=months,
            category=category,
            limit=limit,
        )
    ).parsed
