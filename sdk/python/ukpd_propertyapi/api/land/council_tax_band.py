from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.council_tax_band import CouncilTaxBand
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    postcode: str,
    building_number: str | Unset = UNSET,
    building_name: str | Unset = UNSET,
    sub_building: str | Unset = UNSET,
    flat: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["postcode"] = postcode

    params["building_number"] = building_number

    params["building_name"] = building_name

    params["sub_building"] = sub_building

    params["flat"] = flat

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/council_tax_band",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | CouncilTaxBand | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = CouncilTaxBand.from_dict(response.json())

        return response_200

    if response.status_code == 300:
        response_300 = ErrorEnvelope.from_dict(response.json())

        return response_300

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
) -> Response[Any | CouncilTaxBand | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    postcode: str,
    building_number: str | Unset = UNSET,
    building_name: str | Unset = UNSET,
    sub_building: str | Unset = UNSET,
    flat: str | Unset = UNSET,
) -> Response[Any | CouncilTaxBand | ErrorEnvelope]:
    """Council tax band by postcode and building

     When the building holds several dwellings and no sub_building narrows it to one, the answer is
    the band when every matching dwelling has the same band (uprn and address null, dwellings listing
    them), else 300 ambiguous_address with details.candidates (uprn, address, sub_building and band
    of each): a dwelling is never chosen silently.

    Parameter rules (not expressible in the schema): building_number or building_name is required.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str):
        building_number (str | Unset):
        building_name (str | Unset):
        sub_building (str | Unset):
        flat (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | CouncilTaxBand | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        postcode=postcode,
        building_number=building_number,
        building_name=building_name,
        sub_building=sub_building,
        flat=flat,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    postcode: str,
    building_number: str | Unset = UNSET,
    building_name: str | Unset = UNSET,
    sub_building: str | Unset = UNSET,
    flat: str | Unset = UNSET,
) -> Any | CouncilTaxBand | ErrorEnvelope | None:
    """Council tax band by postcode and building

     When the building holds several dwellings and no sub_building narrows it to one, the answer is
    the band when every matching dwelling has the same band (uprn and address null, dwellings listing
    them), else 300 ambiguous_address with details.candidates (uprn, address, sub_building and band
    of each): a dwelling is never chosen silently.

    Parameter rules (not expressible in the schema): building_number or building_name is required.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str):
        building_number (str | Unset):
        building_name (str | Unset):
        sub_building (str | Unset):
        flat (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | CouncilTaxBand | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        postcode=postcode,
        building_number=building_number,
        building_name=building_name,
        sub_building=sub_building,
        flat=flat,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    postcode: str,
    building_number: str | Unset = UNSET,
    building_name: str | Unset = UNSET,
    sub_building: str | Unset = UNSET,
    flat: str | Unset = UNSET,
) -> Response[Any | CouncilTaxBand | ErrorEnvelope]:
    """Council tax band by postcode and building

     When the building holds several dwellings and no sub_building narrows it to one, the answer is
    the band when every matching dwelling has the same band (uprn and address null, dwellings listing
    them), else 300 ambiguous_address with details.candidates (uprn, address, sub_building and band
    of each): a dwelling is never chosen silently.

    Parameter rules (not expressible in the schema): building_number or building_name is required.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str):
        building_number (str | Unset):
        building_name (str | Unset):
        sub_building (str | Unset):
        flat (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | CouncilTaxBand | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        postcode=postcode,
        building_number=building_number,
        building_name=building_name,
        sub_building=sub_building,
        flat=flat,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    postcode: str,
    building_number: str | Unset = UNSET,
    building_name: str | Unset = UNSET,
    sub_building: str | Unset = UNSET,
    flat: str | Unset = UNSET,
) -> Any | CouncilTaxBand | ErrorEnvelope | None:
    """Council tax band by postcode and building

     When the building holds several dwellings and no sub_building narrows it to one, the answer is
    the band when every matching dwelling has the same band (uprn and address null, dwellings listing
    them), else 300 ambiguous_address with details.candidates (uprn, address, sub_building and band
    of each): a dwelling is never chosen silently.

    Parameter rules (not expressible in the schema): building_number or building_name is required.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        postcode (str):
        building_number (str | Unset):
        building_name (str | Unset):
        sub_building (str | Unset):
        flat (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | CouncilTaxBand | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            postcode=postcode,
            building_number=building_number,
            building_name=building_name,
            sub_building=sub_building,
            flat=flat,
        )
    ).parsed
