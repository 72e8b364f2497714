from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.job import Job
from ...models.jobs_address_match_create_files_body import JobsAddressMatchCreateFilesBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: JobsAddressMatchCreateFilesBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/jobs/address-match",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | Job | None:
    if response.status_code == 202:
        response_202 = Job.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | Job]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: JobsAddressMatchCreateFilesBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | Job]:
    """Start a bulk address-match job: upload CSV or NDJSON (or a multipart file) of up to 1,000,000
    addresses; charged per row as rows finish

     Uploads a list of addresses to match: CSV with a header row (id optional and echoed, address and
    postcode, or address_line_1..address_line_3, town and postcode) or NDJSON with the same fields, as
    the body (Content-Type text/csv or application/x-ndjson) or as a file of a multipart/form-data
    upload. The upload is streamed to disk and checked before the job exists: no address column, an
    unknown format, not UTF-8, more rows than the plan's limit (Free 1,000, Starter 10,000, Growth
    100,000, Pro 250,000, Scale and pay as you go 1,000,000, Enterprise 1,000,000) or a header alone is
    refused and nothing is charged. A row that cannot be read (unclosed quote, a field over 500
    characters) is reported in the results with its line and the job goes on. Answers 202 with the job.
    Each row is charged one call as it finishes (rows that could not be read, none); a cancelled job
    pays for its finished rows only. Concurrent jobs: Free to Starter 1, Growth and Pro 2, Scale and pay
    as you go 3, Enterprise 5 (429 limit_reached).

    Parameter rules (not expressible in the schema): the upload is UTF-8 text with at least one row: CSV
    whose header row names an address column (address, or address_line_1 to address_line_3; 422
    missing_address_column) or NDJSON objects with those fields; a multipart upload has a file part; an
    Idempotency-Key names one request: sent again with a different request it is 422
    idempotency_key_reused.

    Requires an API key. Free: not counted against the quota. Send an Idempotency-Key header to make
    retries safe: a retry with the same key and request within 24 hours returns the first response and
    is not charged again. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (JobsAddressMatchCreateFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | Job]
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
    body: JobsAddressMatchCreateFilesBody,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | Job | None:
    """Start a bulk address-match job: upload CSV or NDJSON (or a multipart file) of up to 1,000,000
    addresses; charged per row as rows finish

     Uploads a list of addresses to match: CSV with a header row (id optional and echoed, address and
    postcode, or address_line_1..address_line_3, town and postcode) or NDJSON with the same fields, as
    the body (Content-Type text/csv or application/x-ndjson) or as a file of a multipart/form-data
    upload. The upload is streamed to disk and checked before the job exists: no address column, an
    unknown format, not UTF-8, more rows than the plan's limit (Free 1,000, Starter 10,000, Growth
    100,000, Pro 250,000, Scale and pay as you go 1,000,000, Enterprise 1,000,000) or a header alone is
    refused and nothing is charged. A row that cannot be read (unclosed quote, a field over 500
    characters) is reported in the results with its line and the job goes on. Answers 202 with the job.
    Each row is charged one call as it finishes (rows that could not be read, none); a cancelled job
    pays for its finished rows only. Concurrent jobs: Free to Starter 1, Growth and Pro 2, Scale and pay
    as you go 3, Enterprise 5 (429 limit_reached).

    Parameter rules (not expressible in the schema): the upload is UTF-8 text with at least one row: CSV
    whose header row names an address column (address, or address_line_1 to address_line_3; 422
    missing_address_column) or NDJSON objects with those fields; a multipart upload has a file part; an
    Idempotency-Key names one request: sent again with a different request it is 422
    idempotency_key_reused.

    Requires an API key. Free: not counted against the quota. Send an Idempotency-Key header to make
    retries safe: a retry with the same key and request within 24 hours returns the first response and
    is not charged again. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (JobsAddressMatchCreateFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | Job
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: JobsAddressMatchCreateFilesBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | Job]:
    """Start a bulk address-match job: upload CSV or NDJSON (or a multipart file) of up to 1,000,000
    addresses; charged per row as rows finish

     Uploads a list of addresses to match: CSV with a header row (id optional and echoed, address and
    postcode, or address_line_1..address_line_3, town and postcode) or NDJSON with the same fields, as
    the body (Content-Type text/csv or application/x-ndjson) or as a file of a multipart/form-data
    upload. The upload is streamed to disk and checked before the job exists: no address column, an
    unknown format, not UTF-8, more rows than the plan's limit (Free 1,000, Starter 10,000, Growth
    100,000, Pro 250,000, Scale and pay as you go 1,000,000, Enterprise 1,000,000) or a header alone is
    refused and nothing is charged. A row that cannot be read (unclosed quote, a field over 500
    characters) is reported in the results with its line and the job goes on. Answers 202 with the job.
    Each row is charged one call as it finishes (rows that could not be read, none); a cancelled job
    pays for its finished rows only. Concurrent jobs: Free to Starter 1, Growth and Pro 2, Scale and pay
    as you go 3, Enterprise 5 (429 limit_reached).

    Parameter rules (not expressible in the schema): the upload is UTF-8 text with at least one row: CSV
    whose header row names an address column (address, or address_line_1 to address_line_3; 422
    missing_address_column) or NDJSON objects with those fields; a multipart upload has a file part; an
    Idempotency-Key names one request: sent again with a different request it is 422
    idempotency_key_reused.

    Requires an API key. Free: not counted against the quota. Send an Idempotency-Key header to make
    retries safe: a retry with the same key and request within 24 hours returns the first response and
    is not charged again. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (JobsAddressMatchCreateFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | Job]
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
    body: JobsAddressMatchCreateFilesBody,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | Job | None:
    """Start a bulk address-match job: upload CSV or NDJSON (or a multipart file) of up to 1,000,000
    addresses; charged per row as rows finish

     Uploads a list of addresses to match: CSV with a header row (id optional and echoed, address and
    postcode, or address_line_1..address_line_3, town and postcode) or NDJSON with the same fields, as
    the body (Content-Type text/csv or application/x-ndjson) or as a file of a multipart/form-data
    upload. The upload is streamed to disk and checked before the job exists: no address column, an
    unknown format, not UTF-8, more rows than the plan's limit (Free 1,000, Starter 10,000, Growth
    100,000, Pro 250,000, Scale and pay as you go 1,000,000, Enterprise 1,000,000) or a header alone is
    refused and nothing is charged. A row that cannot be read (unclosed quote, a field over 500
    characters) is reported in the results with its line and the job goes on. Answers 202 with the job.
    Each row is charged one call as it finishes (rows that could not be read, none); a cancelled job
    pays for its finished rows only. Concurrent jobs: Free to Starter 1, Growth and Pro 2, Scale and pay
    as you go 3, Enterprise 5 (429 limit_reached).

    Parameter rules (not expressible in the schema): the upload is UTF-8 text with at least one row: CSV
    whose header row names an address column (address, or address_line_1 to address_line_3; 422
    missing_address_column) or NDJSON objects with those fields; a multipart upload has a file part; an
    Idempotency-Key names one request: sent again with a different request it is 422
    idempotency_key_reused.

    Requires an API key. Free: not counted against the quota. Send an Idempotency-Key header to make
    retries safe: a retry with the same key and request within 24 hours returns the first response and
    is not charged again. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        idempotency_key (str | Unset):
        body (JobsAddressMatchCreateFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | Job
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
