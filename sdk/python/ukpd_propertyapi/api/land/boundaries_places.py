from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.boundaries_places_type_item import BoundariesPlacesTypeItem
from ...models.boundary_places import BoundaryPlaces
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    bbox: str,
    type_: list[BoundariesPlacesTypeItem] | Unset = UNSET,
    limit: int | Unset = 200,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["bbox"] = bbox

    json_type_: list[str] | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = []
        for type_item_data in type_:
            type_item: str = type_item_data
            json_type_.append(type_item)

    params["type"] = json_type_

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/boundaries/places",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | BoundaryPlaces | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = BoundaryPlaces.from_dict(response.json())

        return response_200

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | BoundaryPlaces | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    bbox: str,
    type_: list[BoundariesPlacesTypeItem] | Unset = UNSET,
    limit: int | Unset = 200,
) -> Response[Any | BoundaryPlaces | ErrorEnvelope]:
    """Place and street names in a map view as GeoJSON points (free; OS Open Names)

     The named points in a map view: towns and cities, villages, hamlets and suburbs (locality) and roads
    (street) from OS Open Names, when loaded (`indexer import --merge os-open-names`), each a GeoJSON
    Point at its centroid. Broader places come first, then by id; at most limit of them (truncated says
    whether the limit cut the list). The listing-map widget draws them as the labels of its offline
    basemap. Without OS Open Names loaded the collection is empty.

    Parameter rules (not expressible in the schema): bbox: minLon < maxLon and minLat < maxLat, within
    -180..180 and -90..90.

    Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        bbox (str):
        type_ (list[BoundariesPlacesTypeItem] | Unset):
        limit (int | Unset):  Default: 200.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | BoundaryPlaces | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        bbox=bbox,
        type_=type_,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    bbox: str,
    type_: list[BoundariesPlacesTypeItem] | Unset = UNSET,
    limit: int | Unset = 200,
) -> Any | BoundaryPlaces | ErrorEnvelope | None:
    """Place and street names in a map view as GeoJSON points (free; OS Open Names)

     The named points in a map view: towns and cities, villages, hamlets and suburbs (locality) and roads
    (street) from OS Open Names, when loaded (`indexer import --merge os-open-names`), each a GeoJSON
    Point at its centroid. Broader places come first, then by id; at most limit of them (truncated says
    whether the limit cut the list). The listing-map widget draws them as the labels of its offline
    basemap. Without OS Open Names loaded the collection is empty.

    Parameter rules (not expressible in the schema): bbox: minLon < maxLon and minLat < maxLat, within
    -180..180 and -90..90.

    Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        bbox (str):
        type_ (list[BoundariesPlacesTypeItem] | Unset):
        limit (int | Unset):  Default: 200.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | BoundaryPlaces | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        bbox=bbox,
        type_=type_,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    bbox: str,
    type_: list[BoundariesPlacesTypeItem] | Unset = UNSET,
    limit: int | Unset = 200,
) -> Response[Any | BoundaryPlaces | ErrorEnvelope]:
    """Place and street names in a map view as GeoJSON points (free; OS Open Names)

     The named points in a map view: towns and cities, villages, hamlets and suburbs (locality) and roads
    (street) from OS Open Names, when loaded (`indexer import --merge os-open-names`), each a GeoJSON
    Point at its centroid. Broader places come first, then by id; at most limit of them (truncated says
    whether the limit cut the list). The listing-map widget draws them as the labels of its offline
    basemap. Without OS Open Names loaded the collection is empty.

    Parameter rules (not expressible in the schema): bbox: minLon < maxLon and minLat < maxLat, within
    -180..180 and -90..90.

    Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        bbox (str):
        type_ (list[BoundariesPlacesTypeItem] | Unset):
        limit (int | Unset):  Default: 200.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | BoundaryPlaces | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        bbox=bbox,
        type_=type_,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    bbox: str,
    type_: list[BoundariesPlacesTypeItem] | Unset = UNSET,
    limit: int | Unset = 200,
) -> Any | BoundaryPlaces | ErrorEnvelope | None:
    """Place and street names in a map view as GeoJSON points (free; OS Open Names)

     The named points in a map view: towns and cities, villages, hamlets and suburbs (locality) and roads
    (street) from OS Open Names, when loaded (`indexer import --merge os-open-names`), each a GeoJSON
    Point at its centroid. Broader places come first, then by id; at most limit of them (truncated says
    whether the limit cut the list). The listing-map widget draws them as the labels of its offline
    basemap. Without OS Open Names loaded the collection is empty.

    Parameter rules (not expressible in the schema): bbox: minLon < maxLon and minLat < maxLat, within
    -180..180 and -90..90.

    Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        bbox (str):
        type_ (list[BoundariesPlacesTypeItem] | Unset):
        limit (int | Unset):  Default: 200.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | BoundaryPlaces | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            bbox=bbox,
            type_=type_,
            limit=limit,
        )
    ).parsed
