from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.calculators_stamp_duty_buyer_type import (
    CalculatorsStampDutyBuyerType,
)
from ...models.calculators_stamp_duty_country import CalculatorsStampDutyCountry
from ...models.calculators_stamp_duty_region import CalculatorsStampDutyRegion
from ...models.error_envelope import ErrorEnvelope
from ...models.stamp_duty import StampDuty
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    price: float,
    buyer_type: CalculatorsStampDutyBuyerType | Unset = "standard",
    non_resident: bool | Unset = False,
    region: CalculatorsStampDutyRegion | Unset = "england",
    country: CalculatorsStampDutyCountry | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["price"] = price

    json_buyer_type: str | Unset = UNSET
    if not isinstance(buyer_type, Unset):
        json_buyer_type = buyer_type

    params["buyer_type"] = json_buyer_type

    params["non_resident"] = non_resident

    json_region: str | Unset = UNSET
    if not isinstance(region, Unset):
        json_region = region

    params["region"] = json_region

    json_country: str | Unset = UNSET
    if not isinstance(country, Unset):
        json_country = country

    params["country"] = json_country

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/calculators/stamp-duty",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | StampDuty | None:
    if response.status_code == 200:
        response_200 = StampDuty.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

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
) -> Response[ErrorEnvelope | StampDuty]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    price: float,
    buyer_type: CalculatorsStampDutyBuyerType | Unset = "standard",
    non_resident: bool | Unset = False,
    region: CalculatorsStampDutyRegion | Unset = "england",
    country: CalculatorsStampDutyCountry | Unset = UNSET,
) -> Response[ErrorEnvelope | StampDuty]:
    """Stamp duty (SDLT, LTT, LBTT)

     Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        price (float):
        buyer_type (CalculatorsStampDutyBuyerType | Unset):  Default: 'standard'.
        non_resident (bool | Unset):  Default: False.
        region (CalculatorsStampDutyRegion | Unset):  Default: 'england'.
        country (CalculatorsStampDutyCountry | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | StampDuty]
    """

    kwargs = _get_kwargs(
        price=price,
        buyer_type=buyer_type,
        non_resident=non_resident,
        region=region,
        country=country,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    price: float,
    buyer_type: CalculatorsStampDutyBuyerType | Unset = "standard",
    non_resident: bool | Unset = False,
    region: CalculatorsStampDutyRegion | Unset = "england",
    country: CalculatorsStampDutyCountry | Unset = UNSET,
) -> ErrorEnvelope | StampDuty | None:
    """Stamp duty (SDLT, LTT, LBTT)

     Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        price (float):
        buyer_type (CalculatorsStampDutyBuyerType | Unset):  Default: 'standard'.
        non_resident (bool | Unset):  Default: False.
        region (CalculatorsStampDutyRegion | Unset):  Default: 'england'.
        country (CalculatorsStampDutyCountry | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | StampDuty
    """

    return sync_detailed(
        client=client,
        price=price,
        buyer_type=buyer_type,
        non_resident=non_resident,
        region=region,
        country=country,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    price: float,
    buyer_type: CalculatorsStampDutyBuyerType | Unset = "standard",
    non_resident: bool | Unset = False,
    region: CalculatorsStampDutyRegion | Unset = "england",
    country: CalculatorsStampDutyCountry | Unset = UNSET,
) -> Response[ErrorEnvelope | StampDuty]:
    """Stamp duty (SDLT, LTT, LBTT)

     Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        price (float):
        buyer_type (CalculatorsStampDutyBuyerType | Unset):  Default: 'standard'.
        non_resident (bool | Unset):  Default: False.
        region (CalculatorsStampDutyRegion | Unset):  Default: 'england'.
        country (CalculatorsStampDutyCountry | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | StampDuty]
    """

    kwargs = _get_kwargs(
        price=price,
        buyer_type=buyer_type,
        non_resident=non_resident,
        region=region,
        country=country,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    price: float,
    buyer_type: CalculatorsStampDutyBuyerType | Unset = "standard",
    non_resident: bool | Unset = False,
    region: CalculatorsStampDutyRegion | Unset = "england",
    country: CalculatorsStampDutyCountry | Unset = UNSET,
) -> ErrorEnvelope | StampDuty | None:
    """Stamp duty (SDLT, LTT, LBTT)

     Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        price (float):
        buyer_type (CalculatorsStampDutyBuyerType | Unset):  Default: 'standard'.
        non_resident (bool | Unset):  Default: False.
        region (CalculatorsStampDutyRegion | Unset):  Default: 'england'.
        country (CalculatorsStampDutyCountry | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | StampDuty
    """

    return (
        await asyncio_detailed(
            client=client,
            price=price,
            buyer_type=buyer_type,
            non_resident=non_resident,
            region=region,
            country=country,
        )
    ).parsed
