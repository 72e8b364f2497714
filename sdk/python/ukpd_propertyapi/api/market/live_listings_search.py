from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.live_listing_search import LiveListingSearch
from ...models.live_listings_search_property_type_item import (
    LiveListingsSearchPropertyTypeItem,
)
from ...models.live_listings_search_sort import LiveListingsSearchSort
from ...models.live_listings_search_transaction_type import (
    LiveListingsSearchTransactionType,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    boundary_id: int | Unset = UNSET,
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    bbox: str | Unset = UNSET,
    transaction_type: LiveListingsSearchTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsSearchPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
    sort: LiveListingsSearchSort | Unset = "-added_date",
    page: int | Unset = 1,
    page_size: int | Unset = 30,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["boundary_id"] = boundary_id

    params["uprn"] = uprn

    params["radius_km"] = radius_km

    params["bbox"] = bbox

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

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort

    params["sort"] = json_sort

    params["page"] = page

    params["page_size"] = page_size

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/live-listings/search",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | LiveListingSearch | None:
    if response.status_code == 200:
        response_200 = LiveListingSearch.from_dict(response.json())

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
) -> Response[ErrorEnvelope | LiveListingSearch]:
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
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    bbox: str | Unset = UNSET,
    transaction_type: LiveListingsSearchTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsSearchPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
    sort: LiveListingsSearchSort | Unset = "-added_date",
    page: int | Unset = 1,
    page_size: int | Unset = 30,
) -> Response[ErrorEnvelope | LiveListingSearch]:
    """Live listings by area, viewport or property

     Parameter rules (not expressible in the schema): boundary_id and uprn exclude each other; radius_km
    applies with uprn only; max_bedrooms is at least bedrooms and max_price at least min_price.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        boundary_id (int | Unset):
        uprn (int | Unset):
        radius_km (float | Unset):  Default: 0.0.
        bbox (str | Unset):
        transaction_type (LiveListingsSearchTransactionType | Unset):
        bedrooms (int | Unset):
        max_bedrooms (int | Unset):
        min_price (int | Unset):
        max_price (int | Unset):
        property_type (list[LiveListingsSearchPropertyTypeItem] | Unset):
        new_builds_only (bool | Unset):  Default: False.
        reduced_only (bool | Unset):  Default: False.
        sort (LiveListingsSearchSort | Unset):  Default: '-added_date'.
        page (int | Unset):  Default: 1.
        page_size (int | Unset):  Default: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | LiveListingSearch]
    """

    kwargs = _get_kwargs(
        boundary_id=boundary_id,
        uprn=uprn,
        radius_km=radius_km,
        bbox=bbox,
        transaction_type=transaction_type,
        bedrooms=bedrooms,
        max_bedrooms=max_bedrooms,
        min_price=min_price,
        max_price=max_price,
        property_type=property_type,
        new_builds_only=new_builds_only,
        reduced_only=reduced_only,
        sort=sort,
        page=page,
        page_size=page_size,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    boundary_id: int | Unset = UNSET,
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    bbox: str | Unset = UNSET,
    transaction_type: LiveListingsSearchTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsSearchPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
    sort: LiveListingsSearchSort | Unset = "-added_date",
    page: int | Unset = 1,
    page_size: int | Unset = 30,
) -> ErrorEnvelope | LiveListingSearch | None:
    """Live listings by area, viewport or property

     Parameter rules (not expressible in the schema): boundary_id and uprn exclude each other; radius_km
    applies with uprn only; max_bedrooms is at least bedrooms and max_price at least min_price.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        boundary_id (int | Unset):
        uprn (int | Unset):
        radius_km (float | Unset):  Default: 0.0.
        bbox (str | Unset):
        transaction_type (LiveListingsSearchTransactionType | Unset):
        bedrooms (int | Unset):
        max_bedrooms (int | Unset):
        min_price (int | Unset):
        max_price (int | Unset):
        property_type (list[LiveListingsSearchPropertyTypeItem] | Unset):
        new_builds_only (bool | Unset):  Default: False.
        reduced_only (bool | Unset):  Default: False.
        sort (LiveListingsSearchSort | Unset):  Default: '-added_date'.
        page (int | Unset):  Default: 1.
        page_size (int | Unset):  Default: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | LiveListingSearch
    """

    return sync_detailed(
        client=client,
        boundary_id=boundary_id,
        uprn=uprn,
        radius_km=radius_km,
        bbox=bbox,
        transaction_type=transaction_type,
        bedrooms=bedrooms,
        max_bedrooms=max_bedrooms,
        min_price=min_price,
        max_price=max_price,
        property_type=property_type,
        new_builds_only=new_builds_only,
        reduced_only=reduced_only,
        sort=sort,
        page=page,
        page_size=page_size,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    boundary_id: int | Unset = UNSET,
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    bbox: str | Unset = UNSET,
    transaction_type: LiveListingsSearchTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsSearchPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
    sort: LiveListingsSearchSort | Unset = "-added_date",
    page: int | Unset = 1,
    page_size: int | Unset = 30,
) -> Response[ErrorEnvelope | LiveListingSearch]:
    """Live listings by area, viewport or property

     Parameter rules (not expressible in the schema): boundary_id and uprn exclude each other; radius_km
    applies with uprn only; max_bedrooms is at least bedrooms and max_price at least min_price.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        boundary_id (int | Unset):
        uprn (int | Unset):
        radius_km (float | Unset):  Default: 0.0.
        bbox (str | Unset):
        transaction_type (LiveListingsSearchTransactionType | Unset):
        bedrooms (int | Unset):
        max_bedrooms (int | Unset):
        min_price (int | Unset):
        max_price (int | Unset):
        property_type (list[LiveListingsSearchPropertyTypeItem] | Unset):
        new_builds_only (bool | Unset):  Default: False.
        reduced_only (bool | Unset):  Default: False.
        sort (LiveListingsSearchSort | Unset):  Default: '-added_date'.
        page (int | Unset):  Default: 1.
        page_size (int | Unset):  Default: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | LiveListingSearch]
    """

    kwargs = _get_kwargs(
        boundary_id=boundary_id,
        uprn=uprn,
        radius_km=radius_km,
        bbox=bbox,
        transaction_type=transaction_type,
        bedrooms=bedrooms,
        max_bedrooms=max_bedrooms,
        min_price=min_price,
        max_price=max_price,
        property_type=property_type,
        new_builds_only=new_builds_only,
        reduced_only=reduced_only,
        sort=sort,
        page=page,
        page_size=page_size,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    boundary_id: int | Unset = UNSET,
    uprn: int | Unset = UNSET,
    radius_km: float | Unset = 0.0,
    bbox: str | Unset = UNSET,
    transaction_type: LiveListingsSearchTransactionType | Unset = UNSET,
    bedrooms: int | Unset = UNSET,
    max_bedrooms: int | Unset = UNSET,
    min_price: int | Unset = UNSET,
    max_price: int | Unset = UNSET,
    property_type: list[LiveListingsSearchPropertyTypeItem] | Unset = UNSET,
    new_builds_only: bool | Unset = False,
    reduced_only: bool | Unset = False,
    sort: LiveListingsSearchSort | Unset = "-added_date",
    page: int | Unset = 1,
    page_size: int | Unset = 30,
) -> ErrorEnvelope | LiveListingSearch | None:
    """Live listings by area, viewport or property

     Parameter rules (not expressible in the schema): boundary_id and uprn exclude each other; radius_km
    applies with uprn only; max_bedrooms is at least bedrooms and max_price at least min_price.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        boundary_id (int | Unset):
        uprn (int | Unset):
        radius_km (float | Unset):  Default: 0.0.
        bbox (str | Unset):
        transaction_type (LiveListingsSearchTransactionType | Unset):
        bedrooms (int | Unset):
        max_bedrooms (int | Unset):
        min_price (int | Unset):
        max_price (int | Unset):
        property_type (list[LiveListingsSearchPropertyTypeItem] | Unset):
        new_builds_only (bool | Unset):  Default: False.
        reduced_only (bool | Unset):  Default: False.
        sort (LiveListingsSearchSort | Unset):  Default: '-added_date'.
        page (int | Unset):  Default: 1.
        page_size (int | Unset):  Default: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | LiveListingSearch
    """

    return (
        await asyncio_detailed(
            client=client,
            boundary_id=boundary_id,
            uprn=uprn,
            radius_km=radius_km,
            bbox=bbox,
            transaction_type=transaction_type,
            bedrooms=bedrooms,
            max_bedrooms=max_bedrooms,
            min_price=min_price,
            max_price=max_price,
            property_type=property_type,
            new_builds_only=new_builds_only,
            reduced_only=reduced_only,
            sort=sort,
            page=page,
            page_size=page_size,
        )
    ).parsed
