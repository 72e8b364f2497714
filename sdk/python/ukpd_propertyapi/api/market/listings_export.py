from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.export_request import ExportRequest
from ...models.export_result import ExportResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ExportRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/listings/export",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | ExportResult | None:
    if response.status_code == 200:
        response_200 = ExportResult.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

    if response.status_code == 410:
        response_410 = ErrorEnvelope.from_dict(response.json())

        return response_410

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
) -> Response[ErrorEnvelope | ExportResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ExportRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ExportResult]:
    """Bulk export of live listings (CSV or JSON); 1 call per 10 rows

     limit defaults to the plan's row cap (Growth 1,000, Pro 5,000, Enterprise by contract); a limit
    above the cap is refused with 422 limit_above_plan_cap naming the cap (details.plan_cap), never
    cut silently. A postcode or boundary_id in filters that the data does not hold is 404 not_found.
    Every export answers X-Export-Row-Cap (the plan's cap), X-Export-Rows and X-Total-Results.

    Parameter rules (not expressible in the schema): filters holds at least one geographic scope:
    postcode, boundary_id, or lat with lng; bedrooms_max is at least bedrooms_min and max_price at least
    min_price; an Idempotency-Key names one request: sent again with a different request it is 422
    idempotency_key_reused.

    Requires an API key. Costs 1 call per 10 rows returned, at least 1 (x-call-weight-rule; X-Call-
    Weight on the response says what was charged). Needs the growth plan or above. Send an Idempotency-
    Key header to make retries safe: a retry with the same key and request within 24 hours returns the
    first response and is not charged again. The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (ExportRequest): Unknown members are refused (422); null is the same as leaving a
            member out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ExportResult]
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
    body: ExportRequest,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | ExportResult | None:
    """Bulk export of live listings (CSV or JSON); 1 call per 10 rows

     limit defaults to the plan's row cap (Growth 1,000, Pro 5,000, Enterprise by contract); a limit
    above the cap is refused with 422 limit_above_plan_cap naming the cap (details.plan_cap), never
    cut silently. A postcode or boundary_id in filters that the data does not hold is 404 not_found.
    Every export answers X-Export-Row-Cap (the plan's cap), X-Export-Rows and X-Total-Results.

    Parameter rules (not expressible in the schema): filters holds at least one geographic scope:
    postcode, boundary_id, or lat with lng; bedrooms_max is at least bedrooms_min and max_price at least
    min_price; an Idempotency-Key names one request: sent again with a different request it is 422
    idempotency_key_reused.

    Requires an API key. Costs 1 call per 10 rows returned, at least 1 (x-call-weight-rule; X-Call-
    Weight on the response says what was charged). Needs the growth plan or above. Send an Idempotency-
    Key header to make retries safe: a retry with the same key and request within 24 hours returns the
    first response and is not charged again. The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (ExportRequest): Unknown members are refused (422); null is the same as leaving a
            member out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ExportResult
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ExportRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ExportResult]:
    """Bulk export of live listings (CSV or JSON); 1 call per 10 rows

     limit defaults to the plan's row cap (Growth 1,000, Pro 5,000, Enterprise by contract); a limit
    above the cap is refused with 422 limit_above_plan_cap naming the cap (details.plan_cap), never
    cut silently. A postcode or boundary_id in filters that the data does not hold is 404 not_found.
    Every export answers X-Export-Row-Cap (the plan's cap), X-Export-Rows and X-Total-Results.

    Parameter rules (not expressible in the schema): filters holds at least one geographic scope:
    postcode, boundary_id, or lat with lng; bedrooms_max is at least bedrooms_min and max_price at least
    min_price; an Idempotency-Key names one request: sent again with a different request it is 422
    idempotency_key_reused.

    Requires an API key. Costs 1 call per 10 rows returned, at least 1 (x-call-weight-rule; X-Call-
    Weight on the response says what was charged). Needs the growth plan or above. Send an Idempotency-
    Key header to make retries safe: a retry with the same key and request within 24 hours returns the
    first response and is not charged again. The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (ExportRequest): Unknown members are refused (422); null is the same as leaving a
            member out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ExportResult]
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
    body: ExportRequest,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | ExportResult | None:
    """Bulk export of live listings (CSV or JSON); 1 call per 10 rows

     limit defaults to the plan's row cap (Growth 1,000, Pro 5,000, Enterprise by contract); a limit
    above the cap is refused with 422 limit_above_plan_cap naming the cap (details.plan_cap), never
    cut silently. A postcode or boundary_id in filters that the data does not hold is 404 not_found.
    Every export answers X-Export-Row-Cap (the plan's cap), X-Export-Rows and X-Total-Results.

    Parameter rules (not expressible in the schema): filters holds at least one geographic scope:
    postcode, boundary_id, or lat with lng; bedrooms_max is at least bedrooms_min and max_price at least
    min_price; an Idempotency-Key names one request: sent again with a different request it is 422
    idempotency_key_reused.

    Requires an API key. Costs 1 call per 10 rows returned, at least 1 (x-call-weight-rule; X-Call-
    Weight on the response says what was charged). Needs the growth plan or above. Send an Idempotency-
    Key header to make retries safe: a retry with the same key and request within 24 hours returns the
    first response and is not charged again. The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (ExportRequest): Unknown members are refused (422); null is the same as leaving a
            member out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ExportResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
