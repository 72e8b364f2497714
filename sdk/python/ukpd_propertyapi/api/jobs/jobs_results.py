from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.jobs_results_format import JobsResultsFormat
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    format_: JobsResultsFormat | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/jobs/{id}/results".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | str]:
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
    format_: JobsResultsFormat | Unset = UNSET,
) -> Response[ErrorEnvelope | str]:
    """The rows finished so far, in input order, as NDJSON or CSV, each with the quality block

     The rows finished so far, in input order, each the input id with the quality block (NDJSON by
    default; CSV with ?format=csv or Accept text/csv; format wins over Accept, and sent empty it is
    422 invalid_params). X-Job-State and X-Job-Rows-Done say how far the job was when the download
    started. A cancelled job's results are the rows it finished before the cancel.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        id (str):
        format_ (JobsResultsFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: JobsResultsFormat | Unset = UNSET,
) -> ErrorEnvelope | str | None:
    """The rows finished so far, in input order, as NDJSON or CSV, each with the quality block

     The rows finished so far, in input order, each the input id with the quality block (NDJSON by
    default; CSV with ?format=csv or Accept text/csv; format wins over Accept, and sent empty it is
    422 invalid_params). X-Job-State and X-Job-Rows-Done say how far the job was when the download
    started. A cancelled job's results are the rows it finished before the cancel.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        id (str):
        format_ (JobsResultsFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | str
    """

    return sync_detailed(
        id=id,
        client=client,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: JobsResultsFormat | Unset = UNSET,
) -> Response[ErrorEnvelope | str]:
    """The rows finished so far, in input order, as NDJSON or CSV, each with the quality block

     The rows finished so far, in input order, each the input id with the quality block (NDJSON by
    default; CSV with ?format=csv or Accept text/csv; format wins over Accept, and sent empty it is
    422 invalid_params). X-Job-State and X-Job-Rows-Done say how far the job was when the download
    started. A cancelled job's results are the rows it finished before the cancel.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        id (str):
        format_ (JobsResultsFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: JobsResultsFormat | Unset = UNSET,
) -> ErrorEnvelope | str | None:
    """The rows finished so far, in input order, as NDJSON or CSV, each with the quality block

     The rows finished so far, in input order, each the input id with the quality block (NDJSON by
    default; CSV with ?format=csv or Accept text/csv; format wins over Accept, and sent empty it is
    422 invalid_params). X-Job-State and X-Job-Rows-Done say how far the job was when the download
    started. A cancelled job's results are the rows it finished before the cancel.

    Requires an API key. Free: not counted against the quota. The path also answers with a trailing
    slash, under /api and /api/v1.

    Args:
        id (str):
        format_ (JobsResultsFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | str
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            format_=format_,
        )
    ).parsed
