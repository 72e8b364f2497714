from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.alert import Alert
from ...models.alert_request import AlertRequest
from ...models.error_envelope import ErrorEnvelope
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: AlertRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/alerts/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Alert | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = Alert.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = ErrorEnvelope.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = ErrorEnvelope.from_dict(response.json())

        return response_415

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
) -> Response[Alert | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AlertRequest,
) -> Response[Alert | ErrorEnvelope]:
    """Change an alert (filters, events, target, enabled; rotate_secret)

     Changes an alert; absent fields stay. rotate_secret issues a new webhook secret (returned once).

    Parameter rules (not expressible in the schema): filters follow live-listings/search: boundary_id
    and uprn exclude each other, radius_km applies with uprn only, max_bedrooms is at least bedrooms and
    max_price at least min_price; values are checked as that endpoint checks them; a saved search has at
    least one filter or a uprns watch list; webhook_url is an http(s) URL of a public host on port 443
    or 80 (loopback, private, link-local, reserved, IPv4-embedding and zoned IPv6 targets are refused);
    rotate_secret applies only to a webhook alert.

    Requires an API key. Costs 5 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        id (str):
        body (AlertRequest): POST: filters, uprns or postcodes required; events default to the
            listing events. PATCH: any subset; filters, uprns and postcodes replace the stored ones.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Alert | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AlertRequest,
) -> Alert | ErrorEnvelope | None:
    """Change an alert (filters, events, target, enabled; rotate_secret)

     Changes an alert; absent fields stay. rotate_secret issues a new webhook secret (returned once).

    Parameter rules (not expressible in the schema): filters follow live-listings/search: boundary_id
    and uprn exclude each other, radius_km applies with uprn only, max_bedrooms is at least bedrooms and
    max_price at least min_price; values are checked as that endpoint checks them; a saved search has at
    least one filter or a uprns watch list; webhook_url is an http(s) URL of a public host on port 443
    or 80 (loopback, private, link-local, reserved, IPv4-embedding and zoned IPv6 targets are refused);
    rotate_secret applies only to a webhook alert.

    Requires an API key. Costs 5 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        id (str):
        body (AlertRequest): POST: filters, uprns or postcodes required; events default to the
            listing events. PATCH: any subset; filters, uprns and postcodes replace the stored ones.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Alert | ErrorEnvelope
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AlertRequest,
) -> Response[Alert | ErrorEnvelope]:
    """Change an alert (filters, events, target, enabled; rotate_secret)

     Changes an alert; absent fields stay. rotate_secret issues a new webhook secret (returned once).

    Parameter rules (not expressible in the schema): filters follow live-listings/search: boundary_id
    and uprn exclude each other, radius_km applies with uprn only, max_bedrooms is at least bedrooms and
    max_price at least min_price; values are checked as that endpoint checks them; a saved search has at
    least one filter or a uprns watch list; webhook_url is an http(s) URL of a public host on port 443
    or 80 (loopback, private, link-local, reserved, IPv4-embedding and zoned IPv6 targets are refused);
    rotate_secret applies only to a webhook alert.

    Requires an API key. Costs 5 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        id (str):
        body (AlertRequest): POST: filters, uprns or postcodes required; events default to the
            listing events. PATCH: any subset; filters, uprns and postcodes replace the stored ones.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Alert | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AlertRequest,
) -> Alert | ErrorEnvelope | None:
    """Change an alert (filters, events, target, enabled; rotate_secret)

     Changes an alert; absent fields stay. rotate_secret issues a new webhook secret (returned once).

    Parameter rules (not expressible in the schema): filters follow live-listings/search: boundary_id
    and uprn exclude each other, radius_km applies with uprn only, max_bedrooms is at least bedrooms and
    max_price at least min_price; values are checked as that endpoint checks them; a saved search has at
    least one filter or a uprns watch list; webhook_url is an http(s) URL of a public host on port 443
    or 80 (loopback, private, link-local, reserved, IPv4-embedding and zoned IPv6 targets are refused);
    rotate_secret applies only to a webhook alert.

    Requires an API key. Costs 5 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        id (str):
        body (AlertRequest): POST: filters, uprns or postcodes required; events default to the
            listing events. PATCH: any subset; filters, uprns and postcodes replace the stored ones.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Alert | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
