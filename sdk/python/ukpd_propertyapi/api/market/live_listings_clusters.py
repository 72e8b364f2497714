from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.live_listing_clusters import LiveListingClusters
from ...models.live_listings_clusters_property_type_item import (
    LiveListingsClustersPropertyTypeItem,
)
from ...models.live_listings_clusters_transaction_type import (
    LiveListingsClustersTransactionType,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    boundary_id: int | Unset = UNSET,
    bbox: str | Unset = UNSET,
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    zoom: int,
    transaction_type: LiveListingsClustersTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsClustersPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["boundary_id"] = boundary_id

    params["bbox"] = bbox

    params["uprn"] = uprn

    params["radius_km"] = radius_km

    params["zoom"] = zoom

    json_transaction_type: str | Unset = UNSET
    if not isinstance(transaction_type, Unset):
        json_transaction_type = transaction_type

    params["transaction_type"] = json_transaction_type

    params["bedrooms"] = bedrooms

    params["max_bedrooms"] = max_bedrooms

    params["min_price"] = min_price

    params["max_price"] = max_price

    json_property_type: list[str] | Unset = UNSET
    if not isinstance(property_type, Unset):
        json_property_type = []
        for property_type_item_data in property_type:
            property_type_item: str = property_type_item_data
            json_property_type.append(property_type_item)

    params["property_type"] = json_property_type

    params["new_builds_only"] = new_builds_only

    params["reduced_only"] = reduced_only

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/live-listings/clusters",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | LiveListingClusters | None:
    if response.status_code == 200:
        response_200 = LiveListingClusters.from_dict(response.json())

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
) -> Response[ErrorEnvelope | LiveListingClusters]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    boundary_id: int | Unset = UNSET,
    bbox: str | Unset = UNSET,
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    zoom: int,
    transaction_type: LiveListingsClustersTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsClustersPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
) -> Response[ErrorEnvelope | LiveListingClusters]:
    """Live listings as map clusters (geotile buckets)

     Parameter rules (not expressible in the schema): bbox is required unless boundary_id or uprn is
    given; boundary_id and uprn exclude each other; radius_km applies with uprn only; max_bedrooms is at
    least bedrooms and max_price at least min_price.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        boundary_id (int | Unset):
        bbox (str | Unset):
        uprn (int | Unset):
        radius_km (float | Unset):  Default: 0.0.
        zoom (int):
        transaction_type (LiveListingsClustersTransactionType | Unset):
        bedrooms (int | Unset):
        max_bedrooms (int | Unset):
        min_price (int | Unset):
        max_price (int | Unset):
        property_type (list[LiveListingsClustersPropertyTypeItem] | Unset):
        new_builds_only (bool | Unset):  Default: False.
        reduced_only (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | LiveListingClusters]
    """

    kwargs = _get_kwargs(
        boundary_id=boundary_id,
        bbox=bbox,
        uprn=uprn,
        radius_km=radius_km,
        zoom=zoom,
        transaction_type=transaction_type,
        bedrooms=bedrooms,
        max_bedrooms=max_bedrooms,
        min_price=min_price,
        max_price=max_price,
        property_type=property_type,
        new_builds_only=new_builds_only,
        reduced_only=reduced_only,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    boundary_id: int | Unset = UNSET,
    bbox: str | Unset = UNSET,
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    zoom: int,
    transaction_type: LiveListingsClustersTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsClustersPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
) -> ErrorEnvelope | LiveListingClusters | None:
    """Live listings as map clusters (geotile buckets)

     Parameter rules (not expressible in the schema): bbox is required unless boundary_id or uprn is
    given; boundary_id and uprn exclude each other; radius_km applies with uprn only; max_bedrooms is at
    least bedrooms and max_price at least min_price.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        boundary_id (int | Unset):
        bbox (str | Unset):
        uprn (int | Unset):
        radius_km (float | Unset):  Default: 0.0.
        zoom (int):
        transaction_type (LiveListingsClustersTransactionType | Unset):
        bedrooms (int | Unset):
        max_bedrooms (int | Unset):
        min_price (int | Unset):
        max_price (int | Unset):
        property_type (list[LiveListingsClustersPropertyTypeItem] | Unset):
        new_builds_only (bool | Unset):  Default: False.
        reduced_only (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | LiveListingClusters
    """

    return sync_detailed(
        client=client,
        boundary_id=boundary_id,
        bbox=bbox,
        uprn=uprn,
        radius_km=radius_km,
        zoom=zoom,
        transaction_type=transaction_type,
        bedrooms=bedrooms,
        max_bedrooms=max_bedrooms,
        min_price=min_price,
        max_price=max_price,
        property_type=property_type,
        new_builds_only=new_builds_only,
        reduced_only=reduced_only,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    boundary_id: int | Unset = UNSET,
    bbox: str | Unset = UNSET,
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    zoom: int,
    transaction_type: LiveListingsClustersTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsClustersPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
) -> Response[ErrorEnvelope | LiveListingClusters]:
    """Live listings as map clusters (geotile buckets)

     Parameter rules (not expressible in the schema): bbox is required unless boundary_id or uprn is
    given; boundary_id and uprn exclude each other; radius_km applies with uprn only; max_bedrooms is at
    least bedrooms and max_price at least min_price.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        boundary_id (int | Unset):
        bbox (str | Unset):
        uprn (int | Unset):
        radius_km (float | Unset):  Default: 0.0.
        zoom (int):
        transaction_type (LiveListingsClustersTransactionType | Unset):
        bedrooms (int | Unset):
        max_bedrooms (int | Unset):
        min_price (int | Unset):
        max_price (int | Unset):
        property_type (list[LiveListingsClustersPropertyTypeItem] | Unset):
        new_builds_only (bool | Unset):  Default: False.
        reduced_only (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | LiveListingClusters]
    """

    kwargs = _get_kwargs(
        boundary_id=boundary_id,
        bbox=bbox,
        uprn=uprn,
        radius_km=radius_km,
        zoom=zoom,
        transaction_type=transaction_type,
        bedrooms=bedrooms,
        max_bedrooms=max_bedrooms,
        min_price=min_price,
        max_price=max_price,
        property_type=property_type,
        new_builds_only=new_builds_only,
        reduced_only=reduced_only,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    boundary_id: int | Unset = UNSET,
    bbox: str | Unset = UNSET,
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    zoom: int,
    transaction_type: LiveListingsClustersTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsClustersPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
) -> ErrorEnvelope | LiveListingClusters | None:
    """Live listings as map clusters (geotile buckets)

     Parameter rules (not expressible in the schema): bbox is required unless boundary_id or uprn is
    given; boundary_id and uprn exclude each other; radius_km applies with uprn only; max_bedrooms is at
    least bedrooms and max_price at least min_price.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        boundary_id (int | Unset):
        bbox (str | Unset):
        uprn (int | Unset):
        radius_km (float | Unset):  Default: 0.0.
        zoom (int):
        transaction_type (LiveListingsClustersTransactionType | Unset):
        bedrooms (int | Unset):
        max_bedrooms (int | Unset):
        min_price (int | Unset):
        max_price (int | Unset):
        property_type (list[LiveListingsClustersPropertyTypeItem] | Unset):
        new_builds_only (bool | Unset):  Default: False.
        reduced_only (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | LiveListingClusters
    """

    return (
        await asyncio_detailed(
            client=client,
            boundary_id=boundary_id,
            bbox=bbox,
            uprn=uprn,
            radius_km=radius_km,
            zoom=zoom,
            transaction_type=transaction_type,
            bedrooms=bedrooms,
            max_bedrooms=max_bedrooms,
            min_price=min_price,
            max_price=max_price,
            property_type=property_type,
            new_builds_only=new_builds_only,
            reduced_only=reduced_only,
        )
    ).parsed
