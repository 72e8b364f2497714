from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.amenities_nearby import AmenitiesNearby
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    uprn: int | Unset = UNSET,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    limit: int | Unset = 10,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["uprn"] = uprn

    params["postcode"] = postcode

    params["lat"] = lat

    params["lng"] = lng

    params["radius_km"] = radius_km

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/fuel-stations",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AmenitiesNearby | Any | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = AmenitiesNearby.from_dict(response.json())

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

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

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
) -> Response[AmenitiesNearby | Any | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    uprn: int | Unset = UNSET,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    limit: int | Unset = 10,
) -> Response[AmenitiesNearby | Any | ErrorEnvelope]:
    """Fuel and EV charging stations near a place

     Parameter rules (not expressible in the schema): a location is required: uprn, postcode, or lat with
    lng; when several are sent uprn wins over postcode and postcode over lat/lng; lat and lng are given
    together when they are the location used.

    Requires an API key. Costs 1 call(s). Needs the starter plan or above. The path also answers with a
    trailing slash, under /api and /api/v1.

    Args:
        uprn (int | Unset):
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 1.0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AmenitiesNearby | Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
        postcode=postcode,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    uprn: int | Unset = UNSET,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    limit: int | Unset = 10,
) -> AmenitiesNearby | Any | ErrorEnvelope | None:
    """Fuel and EV charging stations near a place

     Parameter rules (not expressible in the schema): a location is required: uprn, postcode, or lat with
    lng; when several are sent uprn wins over postcode and postcode over lat/lng; lat and lng are given
    together when they are the location used.

    Requires an API key. Costs 1 call(s). Needs the starter plan or above. The path also answers with a
    trailing slash, under /api and /api/v1.

    Args:
        uprn (int | Unset):
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 1.0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AmenitiesNearby | Any | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        uprn=uprn,
        postcode=postcode,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    uprn: int | Unset = UNSET,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    limit: int | Unset = 10,
) -> Response[AmenitiesNearby | Any | ErrorEnvelope]:
    """Fuel and EV charging stations near a place

     Parameter rules (not expressible in the schema): a location is required: uprn, postcode, or lat with
    lng; when several are sent uprn wins over postcode and postcode over lat/lng; lat and lng are given
    together when they are the location used.

    Requires an API key. Costs 1 call(s). Needs the starter plan or above. The path also answers with a
    trailing slash, under /api and /api/v1.

    Args:
        uprn (int | Unset):
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 1.0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AmenitiesNearby | Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
        postcode=postcode,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    uprn: int | Unset = UNSET,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 1.0,
    limit: int | Unset = 10,
) -> AmenitiesNearby | Any | ErrorEnvelope | None:
    """Fuel and EV charging stations near a place

     Parameter rules (not expressible in the schema): a location is required: uprn, postcode, or lat with
    lng; when several are sent uprn wins over postcode and postcode over lat/lng; lat and lng are given
    together when they are the location used.

    Requires an API key. Costs 1 call(s). Needs the starter plan or above. The path also answers with a
    trailing slash, under /api and /api/v1.

    Args:
        uprn (int | Unset):
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 1.0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AmenitiesNearby | Any | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            uprn=uprn,
            postcode=postcode,
            lat=lat,
            lng=lng,
            radius_km=radius_km,
            limit=limit,
        )
    ).parsed
