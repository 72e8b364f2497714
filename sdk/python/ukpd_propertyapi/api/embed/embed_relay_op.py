from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.embed_relay_op_op import EmbedRelayOpOp
from ...models.embed_relay_op_response_200 import EmbedRelayOpResponse200
from ...models.embed_relay_op_tool_slug import EmbedRelayOpToolSlug
from ...models.error_envelope import ErrorEnvelope
from ...types import Response


def _get_kwargs(
    tool_slug: EmbedRelayOpToolSlug,
    op: EmbedRelayOpOp,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/embed/v2/{tool_slug}/{op}".format(
            tool_slug=quote(str(tool_slug), safe=""),
            op=quote(str(op), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EmbedRelayOpResponse200 | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = EmbedRelayOpResponse200.from_dict(response.json())

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
) -> Response[EmbedRelayOpResponse200 | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tool_slug: EmbedRelayOpToolSlug,
    op: EmbedRelayOpOp,
    *,
    client: AuthenticatedClient,
) -> Response[EmbedRelayOpResponse200 | ErrorEnvelope]:
    """Browser relay for one operation of a tool (e.g. address-lookup/retrieve)

     One operation of a browser tool: address-lookup/find, address-lookup/retrieve (level address),
    listing-map/search, listing-map/clusters, listing-map/boundaries (boundary typeahead) and
    listing-map/boundary (a boundary's polygon; id as a query parameter), listing-map/alerts (the
    key's organisation's alert event stream, Server-Sent Events). Path variables of the
    relayed operation (uprn, id) are passed as query parameters; the response is the relayed
    operation's, unchanged.

    Parameter rules (not expressible in the schema): the relayed operation's own parameters apply
    (passed through as query parameters): what it requires is required here (422 invalid_params when
    missing).

    Public key only (browser relay). Costs the weight of the relayed operation (weights: tool/operation
    to calls) (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also
    answers with a trailing slash, under /api and /api/v1.

    Args:
        tool_slug (EmbedRelayOpToolSlug):
        op (EmbedRelayOpOp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmbedRelayOpResponse200 | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        tool_slug=tool_slug,
        op=op,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tool_slug: EmbedRelayOpToolSlug,
    op: EmbedRelayOpOp,
    *,
    client: AuthenticatedClient,
) -> EmbedRelayOpResponse200 | ErrorEnvelope | None:
    """Browser relay for one operation of a tool (e.g. address-lookup/retrieve)

     One operation of a browser tool: address-lookup/find, address-lookup/retrieve (level address),
    listing-map/search, listing-map/clusters, listing-map/boundaries (boundary typeahead) and
    listing-map/boundary (a boundary's polygon; id as a query parameter), listing-map/alerts (the
    key's organisation's alert event stream, Server-Sent Events). Path variables of the
    relayed operation (uprn, id) are passed as query parameters; the response is the relayed
    operation's, unchanged.

    Parameter rules (not expressible in the schema): the relayed operation's own parameters apply
    (passed through as query parameters): what it requires is required here (422 invalid_params when
    missing).

    Public key only (browser relay). Costs the weight of the relayed operation (weights: tool/operation
    to calls) (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also
    answers with a trailing slash, under /api and /api/v1.

    Args:
        tool_slug (EmbedRelayOpToolSlug):
        op (EmbedRelayOpOp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmbedRelayOpResponse200 | ErrorEnvelope
    """

    return sync_detailed(
        tool_slug=tool_slug,
        op=op,
        client=client,
    ).parsed


async def asyncio_detailed(
    tool_slug: EmbedRelayOpToolSlug,
    op: EmbedRelayOpOp,
    *,
    client: AuthenticatedClient,
) -> Response[EmbedRelayOpResponse200 | ErrorEnvelope]:
    """Browser relay for one operation of a tool (e.g. address-lookup/retrieve)

     One operation of a browser tool: address-lookup/find, address-lookup/retrieve (level address),
    listing-map/search, listing-map/clusters, listing-map/boundaries (boundary typeahead) and
    listing-map/boundary (a boundary's polygon; id as a query parameter), listing-map/alerts (the
    key's organisation's alert event stream, Server-Sent Events). Path variables of the
    relayed operation (uprn, id) are passed as query parameters; the response is the relayed
    operation's, unchanged.

    Parameter rules (not expressible in the schema): the relayed operation's own parameters apply
    (passed through as query parameters): what it requires is required here (422 invalid_params when
    missing).

    Public key only (browser relay). Costs the weight of the relayed operation (weights: tool/operation
    to calls) (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also
    answers with a trailing slash, under /api and /api/v1.

    Args:
        tool_slug (EmbedRelayOpToolSlug):
        op (EmbedRelayOpOp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmbedRelayOpResponse200 | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        tool_slug=tool_slug,
        op=op,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tool_slug: EmbedRelayOpToolSlug,
    op: EmbedRelayOpOp,
    *,
    client: AuthenticatedClient,
) -> EmbedRelayOpResponse200 | ErrorEnvelope | None:
    """Browser relay for one operation of a tool (e.g. address-lookup/retrieve)

     One operation of a browser tool: address-lookup/find, address-lookup/retrieve (level address),
    listing-map/search, listing-map/clusters, listing-map/boundaries (boundary typeahead) and
    listing-map/boundary (a boundary's polygon; id as a query parameter), listing-map/alerts (the
    key's organisation's alert event stream, Server-Sent Events). Path variables of the
    relayed operation (uprn, id) are passed as query parameters; the response is the relayed
    operation's, unchanged.

    Parameter rules (not expressible in the schema): the relayed operation's own parameters apply
    (passed through as query parameters): what it requires is required here (422 invalid_params when
    missing).

    Public key only (browser relay). Costs the weight of the relayed operation (weights: tool/operation
    to calls) (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also
    answers with a trailing slash, under /api and /api/v1.

    Args:
        tool_slug (EmbedRelayOpToolSlug):
        op (EmbedRelayOpOp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmbedRelayOpResponse200 | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            tool_slug=tool_slug,
            op=op,
            client=client,
        )
    ).parsed
