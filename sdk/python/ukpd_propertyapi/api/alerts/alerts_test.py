from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.alert_test_result import AlertTestResult
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/alerts/{id}/test".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AlertTestResult | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = AlertTestResult.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())

        return response_413

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
) -> Response[AlertTestResult | ErrorEnvelope]:
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
    idempotency_key: str | Unset = UNSET,
) -> Response[AlertTestResult | ErrorEnvelope]:
    """Send a sample event to the alert's webhook and stream

     Appends a sample event of type test to the stream and, for a webhook alert, posts it (signed) now
    and reports the answer.

    Parameter rules (not expressible in the schema): an Idempotency-Key names one request: sent again
    with a different request it is 422 idempotency_key_reused.

    Requires an API key. Costs 1 call(s). Send an Idempotency-Key header to make retries safe: a retry
    with the same key and request within 24 hours returns the first response and is not charged again.
    The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlertTestResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        id=id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> AlertTestResult | ErrorEnvelope | None:
    """Send a sample event to the alert's webhook and stream

     Appends a sample event of type test to the stream and, for a webhook alert, posts it (signed) now
    and reports the answer.

    Parameter rules (not expressible in the schema): an Idempotency-Key names one request: sent again
    with a different request it is 422 idempotency_key_reused.

    Requires an API key. Costs 1 call(s). Send an Idempotency-Key header to make retries safe: a retry
    with the same key and request within 24 hours returns the first response and is not charged again.
    The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlertTestResult | ErrorEnvelope
    """

    return sync_detailed(
        id=id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[AlertTestResult | ErrorEnvelope]:
    """Send a sample event to the alert's webhook and stream

     Appends a sample event of type test to the stream and, for a webhook alert, posts it (signed) now
    and reports the answer.

    Parameter rules (not expressible in the schema): an Idempotency-Key names one request: sent again
    with a different request it is 422 idempotency_key_reused.

    Requires an API key. Costs 1 call(s). Send an Idempotency-Key header to make retries safe: a retry
    with the same key and request within 24 hours returns the first response and is not charged again.
    The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlertTestResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        id=id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> AlertTestResult | ErrorEnvelope | None:
    """Send a sample event to the alert's webhook and stream

     Appends a sample event of type test to the stream and, for a webhook alert, posts it (signed) now
    and reports the answer.

    Parameter rules (not expressible in the schema): an Idempotency-Key names one request: sent again
    with a different request it is 422 idempotency_key_reused.

    Requires an API key. Costs 1 call(s). Send an Idempotency-Key header to make retries safe: a retry
    with the same key and request within 24 hours returns the first response and is not charged again.
    The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlertTestResult | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
