from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.alert import Alert
from ...models.alert_request import AlertRequest
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: AlertRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/alerts",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Alert | ErrorEnvelope | None:
    if response.status_code == 201:
        response_201 = Alert.from_dict(response.json())

        return response_201

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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

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
    *,
    client: AuthenticatedClient,
    body: AlertRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Alert | ErrorEnvelope]:
    """Save a search or UPRN watch list as an alert (webhook or stream)

     Saves a search (the live-listings/search filters) and/or a UPRN or postcode watch list as an alert
    (the watch lists can also ask for epc_lodged, sale_registered and postcode_terminated). Changes
    loaded by the indexer (load, load --merge, apply) are percolated against it and every match is an
    event in the organisation's stream, delivered to the webhook (signed POST, retried for 24 hours)
    and to GET /alerts/stream. The webhook secret is in this answer only. Plan limits: Free 3,
    Starter 25, Growth 100, Pro 500, Scale 2,000, Enterprise 10,000. See docs/alerts.md.

    Parameter rules (not expressible in the schema): filters follow live-listings/search: boundary_id
    and uprn exclude each other, radius_km applies with uprn only, max_bedrooms is at least bedrooms and
    max_price at least min_price; values are checked as that endpoint checks them; a saved search has at
    least one filter, a uprns or a postcodes watch list; webhook_url is an http(s) URL of a public host
    on port 443 or 80 (loopback, private, link-local, reserved, IPv4-embedding and zoned IPv6 targets
    are refused); rotate_secret applies only to a webhook alert; an Idempotency-Key names one request:
    sent again with a different request it is 422 idempotency_key_reused.

    Requires an API key. Costs 5 call(s). Send an Idempotency-Key header to make retries safe: a retry
    with the same key and request within 24 hours returns the first response and is not charged again.
    The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (AlertRequest): POST: filters, uprns or postcodes required; events default to the
            listing events. PATCH: any subset; filters, uprns and postcodes replace the stored ones.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Alert | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: AlertRequest,
    idempotency_key: str | Unset = UNSET,
) -> Alert | ErrorEnvelope | None:
    """Save a search or UPRN watch list as an alert (webhook or stream)

     Saves a search (the live-listings/search filters) and/or a UPRN or postcode watch list as an alert
    (the watch lists can also ask for epc_lodged, sale_registered and postcode_terminated). Changes
    loaded by the indexer (load, load --merge, apply) are percolated against it and every match is an
    event in the organisation's stream, delivered to the webhook (signed POST, retried for 24 hours)
    and to GET /alerts/stream. The webhook secret is in this answer only. Plan limits: Free 3,
    Starter 25, Growth 100, Pro 500, Scale 2,000, Enterprise 10,000. See docs/alerts.md.

    Parameter rules (not expressible in the schema): filters follow live-listings/search: boundary_id
    and uprn exclude each other, radius_km applies with uprn only, max_bedrooms is at least bedrooms and
    max_price at least min_price; values are checked as that endpoint checks them; a saved search has at
    least one filter, a uprns or a postcodes watch list; webhook_url is an http(s) URL of a public host
    on port 443 or 80 (loopback, private, link-local, reserved, IPv4-embedding and zoned IPv6 targets
    are refused); rotate_secret applies only to a webhook alert; an Idempotency-Key names one request:
    sent again with a different request it is 422 idempotency_key_reused.

    Requires an API key. Costs 5 call(s). Send an Idempotency-Key header to make retries safe: a retry
    with the same key and request within 24 hours returns the first response and is not charged again.
    The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (AlertRequest): POST: filters, uprns or postcodes required; events default to the
            listing events. PATCH: any subset; filters, uprns and postcodes replace the stored ones.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Alert | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AlertRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Alert | ErrorEnvelope]:
    """Save a search or UPRN watch list as an alert (webhook or stream)

     Saves a search (the live-listings/search filters) and/or a UPRN or postcode watch list as an alert
    (the watch lists can also ask for epc_lodged, sale_registered and postcode_terminated). Changes
    loaded by the indexer (load, load --merge, apply) are percolated against it and every match is an
    event in the organisation's stream, delivered to the webhook (signed POST, retried for 24 hours)
    and to GET /alerts/stream. The webhook secret is in this answer only. Plan limits: Free 3,
    Starter 25, Growth 100, Pro 500, Scale 2,000, Enterprise 10,000. See docs/alerts.md.

    Parameter rules (not expressible in the schema): filters follow live-listings/search: boundary_id
    and uprn exclude each other, radius_km applies with uprn only, max_bedrooms is at least bedrooms and
    max_price at least min_price; values are checked as that endpoint checks them; a saved search has at
    least one filter, a uprns or a postcodes watch list; webhook_url is an http(s) URL of a public host
    on port 443 or 80 (loopback, private, link-local, reserved, IPv4-embedding and zoned IPv6 targets
    are refused); rotate_secret applies only to a webhook alert; an Idempotency-Key names one request:
    sent again with a different request it is 422 idempotency_key_reused.

    Requires an API key. Costs 5 call(s). Send an Idempotency-Key header to make retries safe: a retry
    with the same key and request within 24 hours returns the first response and is not charged again.
    The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (AlertRequest): POST: filters, uprns or postcodes required; events default to the
            listing events. PATCH: any subset; filters, uprns and postcodes replace the stored ones.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Alert | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AlertRequest,
    idempotency_key: str | Unset = UNSET,
) -> Alert | ErrorEnvelope | None:
    """Save a search or UPRN watch list as an alert (webhook or stream)

     Saves a search (the live-listings/search filters) and/or a UPRN or postcode watch list as an alert
    (the watch lists can also ask for epc_lodged, sale_registered and postcode_terminated). Changes
    loaded by the indexer (load, load --merge, apply) are percolated against it and every match is an
    event in the organisation's stream, delivered to the webhook (signed POST, retried for 24 hours)
    and to GET /alerts/stream. The webhook secret is in this answer only. Plan limits: Free 3,
    Starter 25, Growth 100, Pro 500, Scale 2,000, Enterprise 10,000. See docs/alerts.md.

    Parameter rules (not expressible in the schema): filters follow live-listings/search: boundary_id
    and uprn exclude each other, radius_km applies with uprn only, max_bedrooms is at least bedrooms and
    max_price at least min_price; values are checked as that endpoint checks them; a saved search has at
    least one filter, a uprns or a postcodes watch list; webhook_url is an http(s) URL of a public host
    on port 443 or 80 (loopback, private, link-local, reserved, IPv4-embedding and zoned IPv6 targets
    are refused); rotate_secret applies only to a webhook alert; an Idempotency-Key names one request:
    sent again with a different request it is 422 idempotency_key_reused.

    Requires an API key. Costs 5 call(s). Send an Idempotency-Key header to make retries safe: a retry
    with the same key and request within 24 hours returns the first response and is not charged again.
    The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        idempotency_key (str | Unset):
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
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
