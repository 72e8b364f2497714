from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.page import Page
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    uprn: int | Unset = UNSET,
    property_: int | Unset = UNSET,
    id: int | Unset = UNSET,
    page: int | Unset = 1,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["uprn"] = uprn

    params["property"] = property_

    params["id"] = id

    params["page"] = page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/property_sales",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | Page | None:
    if response.status_code == 200:
        response_200 = Page.from_dict(response.json())

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
) -> Response[Any | ErrorEnvelope | Page]:
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
    property_: int | Unset = UNSET,
    id: int | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[Any | ErrorEnvelope | Page]:
    """Sales of a property

     Parameter rules (not expressible in the schema): a filter is required (400 filter_required): uprn,
    property (its alias) or id; uprn and property exclude each other.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int | Unset):
        property_ (int | Unset):
        id (int | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | Page]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
        property_=property_,
        id=id,
        page=page,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    uprn: int | Unset = UNSET,
    property_: int | Unset = UNSET,
    id: int | Unset = UNSET,
    page: int | Unset = 1,
) -> Any | ErrorEnvelope | Page | None:
    """Sales of a property

     Parameter rules (not expressible in the schema): a filter is required (400 filter_required): uprn,
    property (its alias) or id; uprn and property exclude each other.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int | Unset):
        property_ (int | Unset):
        id (int | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | Page
    """

    return sync_detailed(
        client=client,
        uprn=uprn,
        property_=property_,
        id=id,
        page=page,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    uprn: int | Unset = UNSET,
    property_: int | Unset = UNSET,
    id: int | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[Any | ErrorEnvelope | Page]:
    """Sales of a property

     Parameter rules (not expressible in the schema): a filter is required (400 filter_required): uprn,
    property (its alias) or id; uprn and property exclude each other.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int | Unset):
        property_ (int | Unset):
        id (int | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | Page]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
        property_=property_,
        id=id,
        page=page,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    uprn: int | Unset = UNSET,
    property_: int | Unset = UNSET,
    id: int | Unset = UNSET,
    page: int | Unset = 1,
) -> Any | ErrorEnvelope | Page | None:
    """Sales of a property

     Parameter rules (not expressible in the schema): a filter is required (400 filter_required): uprn,
    property (its alias) or id; uprn and property exclude each other.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int | Unset):
        property_ (int | Unset):
        id (int | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | Page
    """

    return (
        await asyncio_detailed(
            client=client,
            uprn=uprn,
            property_=property_,
            id=id,
            page=page,
        )
    ).parsed
