from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.embed_relay_response_200 import EmbedRelayResponse200
from ...models.embed_relay_tool_slug import EmbedRelayToolSlug
from ...models.error_envelope import ErrorEnvelope
from ...types import Response


def _get_kwargs(
    tool_slug: EmbedRelayToolSlug,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/embed/v2/{tool_slug}".format(
            tool_slug=quote(str(tool_slug), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EmbedRelayResponse200 | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = EmbedRelayResponse200.from_dict(response.json())

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

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

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
) -> Response[EmbedRelayResponse200 | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tool_slug: EmbedRelayToolSlug,
    *,
    client: AuthenticatedClient,
) -> Response[EmbedRelayResponse200 | ErrorEnvelope]:
    """Browser relay for a tool with a public key; charged at the weight of the relayed operation

     Browser relay. The public key is scoped to tool slugs and allowed origins; the request's
    Origin (or Referer) must match. Tools: address-lookup (address find, and retrieve at level
    address), listing-map (live-listings search and clusters), stamp-duty, mortgage. The relayed
    operation's parameters are passed through and its response is returned unchanged.

    Parameter rules (not expressible in the schema): the relayed operation's own parameters apply
    (passed through as query parameters): what it requires is required here (422 invalid_params when
    missing).

    Public key only (browser relay). Costs the weight of the relayed operation (weights: tool/operation
    to calls) (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also
    answers with a trailing slash, under /api and /api/v1.

    Args:
        tool_slug (EmbedRelayToolSlug):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmbedRelayResponse200 | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        tool_slug=tool_slug,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tool_slug: EmbedRelayToolSlug,
    *,
    client: AuthenticatedClient,
) -> EmbedRelayResponse200 | ErrorEnvelope | None:
    """Browser relay for a tool with a public key; charged at the weight of the relayed operation

     Browser relay. The public key is scoped to tool slugs and allowed origins; the request's
    Origin (or Referer) must match. Tools: address-lookup (address find, and retrieve at level
    address), listing-map (live-listings search and clusters), stamp-duty, mortgage. The relayed
    operation's parameters are passed through and its response is returned unchanged.

    Parameter rules (not expressible in the schema): the relayed operation's own parameters apply
    (passed through as query parameters): what it requires is required here (422 invalid_params when
    missing).

    Public key only (browser relay). Costs the weight of the relayed operation (weights: tool/operation
    to calls) (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also
    answers with a trailing slash, under /api and /api/v1.

    Args:
        tool_slug (EmbedRelayToolSlug):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmbedRelayResponse200 | ErrorEnvelope
    """

    return sync_detailed(
        tool_slug=tool_slug,
        client=client,
    ).parsed


async def asyncio_detailed(
    tool_slug: EmbedRelayToolSlug,
    *,
    client: AuthenticatedClient,
) -> Response[EmbedRelayResponse200 | ErrorEnvelope]:
    """Browser relay for a tool with a public key; charged at the weight of the relayed operation

     Browser relay. The public key is scoped to tool slugs and allowed origins; the request's
    Origin (or Referer) must match. Tools: address-lookup (address find, and retrieve at level
    address), listing-map (live-listings search and clusters), stamp-duty, mortgage. The relayed
    operation's parameters are passed through and its response is returned unchanged.

    Parameter rules (not expressible in the schema): the relayed operation's own parameters apply
    (passed through as query parameters): what it requires is required here (422 invalid_params when
    missing).

    Public key only (browser relay). Costs the weight of the relayed operation (weights: tool/operation
    to calls) (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also
    answers with a trailing slash, under /api and /api/v1.

    Args:
        tool_slug (EmbedRelayToolSlug):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmbedRelayResponse200 | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        tool_slug=tool_slug,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tool_slug: EmbedRelayToolSlug,
    *,
    client: AuthenticatedClient,
) -> EmbedRelayResponse200 | ErrorEnvelope | None:
    """Browser relay for a tool with a public key; charged at the weight of the relayed operation

     Browser relay. The public key is scoped to tool slugs and allowed origins; the request's
    Origin (or Referer) must match. Tools: address-lookup (address find, and retrieve at level
    address), listing-map (live-listings search and clusters), stamp-duty, mortgage. The relayed
    operation's parameters are passed through and its response is returned unchanged.

    Parameter rules (not expressible in the schema): the relayed operation's own parameters apply
    (passed through as query parameters): what it requires is required here (422 invalid_params when
    missing).

    Public key only (browser relay). Costs the weight of the relayed operation (weights: tool/operation
    to calls) (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also
    answers with a trailing slash, under /api and /api/v1.

    Args:
        tool_slug (EmbedRelayToolSlug):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmbedRelayResponse200 | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            tool_slug=tool_slug,
            client=client,
        )
    ).parsed
