from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.planning_search import PlanningSearch
from ...models.planning_search_status import PlanningSearchStatus
from ...models.planning_search_type import PlanningSearchType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 0.5,
    days: int | Unset = 90,
    type_: PlanningSearchType | Unset = UNSET,
    status: PlanningSearchStatus | Unset = UNSET,
    page: int | Unset = 1,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["postcode"] = postcode

    params["lat"] = lat

    params["lng"] = lng

    params["radius_km"] = radius_km

    params["days"] = days

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_

    params["type"] = json_type_

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["page"] = page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/planning/search",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | PlanningSearch | None:
    if response.status_code == 200:
        response_200 = PlanningSearch.from_dict(response.json())

        return response_200

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
) -> Response[ErrorEnvelope | PlanningSearch]:
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
    radius_km: float | Unset = 0.5,
    days: int | Unset = 90,
    type_: PlanningSearchType | Unset = UNSET,
    status: PlanningSearchStatus | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[ErrorEnvelope | PlanningSearch]:
    """Planning applications near a postcode or point

     Parameter rules (not expressible in the schema): a location is required: postcode, or lat with lng;
    when both are sent the postcode wins; lat and lng are given together when they are the location
    used.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 0.5.
        days (int | Unset):  Default: 90.
        type_ (PlanningSearchType | Unset):
        status (PlanningSearchStatus | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PlanningSearch]
    """

    kwargs = _get_kwargs(
        postcode=postcode,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        days=days,
        type_=type_,
        status=status,
        page=page,
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
    radius_km: float | Unset = 0.5,
    days: int | Unset = 90,
    type_: PlanningSearchType | Unset = UNSET,
    status: PlanningSearchStatus | Unset = UNSET,
    page: int | Unset = 1,
) -> ErrorEnvelope | PlanningSearch | None:
    """Planning applications near a postcode or point

     Parameter rules (not expressible in the schema): a location is required: postcode, or lat with lng;
    when both are sent the postcode wins; lat and lng are given together when they are the location
    used.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 0.5.
        days (int | Unset):  Default: 90.
        type_ (PlanningSearchType | Unset):
        status (PlanningSearchStatus | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PlanningSearch
    """

    return sync_detailed(
        client=client,
        postcode=postcode,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        days=days,
        type_=type_,
        status=status,
        page=page,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 0.5,
    days: int | Unset = 90,
    type_: PlanningSearchType | Unset = UNSET,
    status: PlanningSearchStatus | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[ErrorEnvelope | PlanningSearch]:
    """Planning applications near a postcode or point

     Parameter rules (not expressible in the schema): a location is required: postcode, or lat with lng;
    when both are sent the postcode wins; lat and lng are given together when they are the location
    used.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 0.5.
        days (int | Unset):  Default: 90.
        type_ (PlanningSearchType | Unset):
        status (PlanningSearchStatus | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PlanningSearch]
    """

    kwargs = _get_kwargs(
        postcode=postcode,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        days=days,
        type_=type_,
        status=status,
        page=page,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    postcode: str | Unset = UNSET,
    lat: float | Unset = UNSET,
    lng: float | Unset = UNSET,
    radius_km: float | Unset = 0.5,
    days: int | Unset = 90,
    type_: PlanningSearchType | Unset = UNSET,
    status: PlanningSearchStatus | Unset = UNSET,
    page: int | Unset = 1,
) -> ErrorEnvelope | PlanningSearch | None:
    """Planning applications near a postcode or point

     Parameter rules (not expressible in the schema): a location is required: postcode, or lat with lng;
    when both are sent the postcode wins; lat and lng are given together when they are the location
    used.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str | Unset):
        lat (float | Unset):
        lng (float | Unset):
        radius_km (float | Unset):  Default: 0.5.
        days (int | Unset):  Default: 90.
        type_ (PlanningSearchType | Unset):
        status (PlanningSearchStatus | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PlanningSearch
    """

    return (
        await asyncio_detailed(
            client=client,
            postcode=postcode,
            lat=lat,
            lng=lng,
            radius_km=radius_km,
            days=days,
            type_=type_,
            status=status,
            page=page,
        )
    ).parsed
