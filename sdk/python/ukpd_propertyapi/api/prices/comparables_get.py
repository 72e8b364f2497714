import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.comparables import Comparables
from ...models.comparables_get_event_type import ComparablesGetEventType
from ...models.comparables_get_property_type import ComparablesGetPropertyType
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    uprn: int,
    *,
    bedrooms: int | Unset = UNSET,
    property_type: ComparablesGetPropertyType | Unset = UNSET,
    count: int | Unset = 10,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    event_type: ComparablesGetEventType | Unset = "Completed",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["bedrooms"] = bedrooms

    json_property_type: str | Unset = UNSET
    if not isinstance(property_type, Unset):
        json_property_type = property_type

    params["property_type"] = json_property_type

    params["count"] = count

    json_start_date: str | Unset = UNSET
    if not isinstance(start_date, Unset):
        json_start_date = start_date.isoformat()
    params["start_date"] = json_start_date

    json_end_date: str | Unset = UNSET
    if not isinstance(end_date, Unset):
        json_end_date = end_date.isoformat()
    params["end_date"] = json_end_date

    json_event_type: str | Unset = UNSET
    if not isinstance(event_type, Unset):
        json_event_type = event_type

    params["event_type"] = json_event_type

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/comparables/{uprn}".format(
            uprn=quote(str(uprn), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Comparables | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = Comparables.from_dict(response.json())

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
) -> Response[Comparables | ErrorEnvelope]:
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
    bedrooms: int | Unset = UNSET,
    property_type: ComparablesGetPropertyType | Unset = UNSET,
    count: int | Unset = 10,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    event_type: ComparablesGetEventType | Unset = "Completed",
) -> Response[Comparables | ErrorEnvelope]:
    """Comparable sales (beta)

     Parameter rules (not expressible in the schema): start_date is not after end_date.

    Requires an API key. Costs 10 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int):
        bedrooms (int | Unset):
        property_type (ComparablesGetPropertyType | Unset):
        count (int | Unset):  Default: 10.
        start_date (datetime.date | Unset):
        end_date (datetime.date | Unset):
        event_type (ComparablesGetEventType | Unset):  Default: 'Completed'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Comparables | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
        bedrooms=bedrooms,
        property_type=property_type,
        count=count,
        start_date=start_date,
        end_date=end_date,
        event_type=event_type,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    uprn: int,
    *,
    client: AuthenticatedClient,
    bedrooms: int | Unset = UNSET,
    property_type: ComparablesGetPropertyType | Unset = UNSET,
    count: int | Unset = 10,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    event_type: ComparablesGetEventType | Unset = "Completed",
) -> Comparables | ErrorEnvelope | None:
    """Comparable sales (beta)

     Parameter rules (not expressible in the schema): start_date is not after end_date.

    Requires an API key. Costs 10 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int):
        bedrooms (int | Unset):
        property_type (ComparablesGetPropertyType | Unset):
        count (int | Unset):  Default: 10.
        start_date (datetime.date | Unset):
        end_date (datetime.date | Unset):
        event_type (ComparablesGetEventType | Unset):  Default: 'Completed'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Comparables | ErrorEnvelope
    """

    return sync_detailed(
        uprn=uprn,
        client=client,
        bedrooms=bedrooms,
        property_type=property_type,
        count=count,
        start_date=start_date,
        end_date=end_date,
        event_type=event_type,
    ).parsed


async def asyncio_detailed(
    uprn: int,
    *,
    client: AuthenticatedClient,
    bedrooms: int | Unset = UNSET,
    property_type: ComparablesGetPropertyType | Unset = UNSET,
    count: int | Unset = 10,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    event_type: ComparablesGetEventType | Unset = "Completed",
) -> Response[Comparables | ErrorEnvelope]:
    """Comparable sales (beta)

     Parameter rules (not expressible in the schema): start_date is not after end_date.

    Requires an API key. Costs 10 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int):
        bedrooms (int | Unset):
        property_type (ComparablesGetPropertyType | Unset):
        count (int | Unset):  Default: 10.
        start_date (datetime.date | Unset):
        end_date (datetime.date | Unset):
        event_type (ComparablesGetEventType | Unset):  Default: 'Completed'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Comparables | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
        bedrooms=bedrooms,
        property_type=property_type,
        count=count,
        start_date=start_date,
        end_date=end_date,
        event_type=event_type,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    uprn: int,
    *,
    client: AuthenticatedClient,
    bedrooms: int | Unset = UNSET,
    property_type: ComparablesGetPropertyType | Unset = UNSET,
    count: int | Unset = 10,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    event_type: ComparablesGetEventType | Unset = "Completed",
) -> Comparables | ErrorEnvelope | None:
    """Comparable sales (beta)

     Parameter rules (not expressible in the schema): start_date is not after end_date.

    Requires an API key. Costs 10 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        uprn (int):
        bedrooms (int | Unset):
        property_type (ComparablesGetPropertyType | Unset):
        count (int | Unset):  Default: 10.
        start_date (datetime.date | Unset):
        end_date (datetime.date | Unset):
        event_type (ComparablesGetEventType | Unset):  Default: 'Completed'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Comparables | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            uprn=uprn,
            client=client,
            bedrooms=bedrooms,
            property_type=property_type,
            count=count,
            start_date=start_date,
            end_date=end_date,
            event_type=event_type,
        )
    ).parsed
