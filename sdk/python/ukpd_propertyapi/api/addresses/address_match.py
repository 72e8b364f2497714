from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.address_match import AddressMatch
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    address: str,
    postcode: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["address"] = address

    params["postcode"] = postcode

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/address/match",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AddressMatch | Any | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = AddressMatch.from_dict(response.json())

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
) -> Response[AddressMatch | Any | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    address: str,
    postcode: str | Unset = UNSET,
) -> Response[AddressMatch | Any | ErrorEnvelope]:
    """Match a free-text address (postcode optional) to one UPRN, with a confidence and a recommendation

     Match a free-text address, with or without its postcode, to one UPRN (not a typeahead). The text
    is parsed into sub-building, building name and number, street, locality, town and postcode;
    candidates are found at the postcode, its sector and outcode, and by street and town when the
    postcode is missing, one character wrong, outdated or wrong; each is scored on what identifies
    it. The answer is the quality block: uprn, address, confidence in [0, 1], match_type (exact,
    probable, possible, none), recommendation (accept, review, reject), reasons, parsed, and up to
    three candidates for review. How often it is right: docs/matching.md.

    Requires an API key. Costs 5 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        address (str): Must hold a letter or digit (A-Z, 0-9).
        postcode (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddressMatch | Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        address=address,
        postcode=postcode,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    address: str,
    postcode: str | Unset = UNSET,
) -> AddressMatch | Any | ErrorEnvelope | None:
    """Match a free-text address (postcode optional) to one UPRN, with a confidence and a recommendation

     Match a free-text address, with or without its postcode, to one UPRN (not a typeahead). The text
    is parsed into sub-building, building name and number, street, locality, town and postcode;
    candidates are found at the postcode, its sector and outcode, and by street and town when the
    postcode is missing, one character wrong, outdated or wrong; each is scored on what identifies
    it. The answer is the quality block: uprn, address, confidence in [0, 1], match_type (exact,
    probable, possible, none), recommendation (accept, review, reject), reasons, parsed, and up to
    three candidates for review. How often it is right: docs/matching.md.

    Requires an API key. Costs 5 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        address (str): Must hold a letter or digit (A-Z, 0-9).
        postcode (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddressMatch | Any | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        address=address,
        postcode=postcode,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    address: str,
    postcode: str | Unset = UNSET,
) -> Response[AddressMatch | Any | ErrorEnvelope]:
    """Match a free-text address (postcode optional) to one UPRN, with a confidence and a recommendation

     Match a free-text address, with or without its postcode, to one UPRN (not a typeahead). The text
    is parsed into sub-building, building name and number, street, locality, town and postcode;
    candidates are found at the postcode, its sector and outcode, and by street and town when the
    postcode is missing, one character wrong, outdated or wrong; each is scored on what identifies
    it. The answer is the quality block: uprn, address, confidence in [0, 1], match_type (exact,
    probable, possible, none), recommendation (accept, review, reject), reasons, parsed, and up to
    three candidates for review. How often it is right: docs/matching.md.

    Requires an API key. Costs 5 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        address (str): Must hold a letter or digit (A-Z, 0-9).
        postcode (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddressMatch | Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        address=address,
        postcode=postcode,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    address: str,
    postcode: str | Unset = UNSET,
) -> AddressMatch | Any | ErrorEnvelope | None:
    """Match a free-text address (postcode optional) to one UPRN, with a confidence and a recommendation

     Match a free-text address, with or without its postcode, to one UPRN (not a typeahead). The text
    is parsed into sub-building, building name and number, street, locality, town and postcode;
    candidates are found at the postcode, its sector and outcode, and by street and town when the
    postcode is missing, one character wrong, outdated or wrong; each is scored on what identifies
    it. The answer is the quality block: uprn, address, confidence in [0, 1], match_type (exact,
    probable, possible, none), recommendation (accept, review, reject), reasons, parsed, and up to
    three candidates for review. How often it is right: docs/matching.md.

    Requires an API key. Costs 5 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        address (str): Must hold a letter or digit (A-Z, 0-9).
        postcode (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddressMatch | Any | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            address=address,
            postcode=postcode,
        )
    ).parsed
