from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.service_schema_format import ServiceSchemaFormat
from ...models.service_schema_response_200 import ServiceSchemaResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    format_: ServiceSchemaFormat | Unset = "json",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/schema",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | ServiceSchemaResponse200 | None:
    if response.status_code == 200:
        response_200 = ServiceSchemaResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

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
) -> Response[Any | ErrorEnvelope | ServiceSchemaResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    format_: ServiceSchemaFormat | Unset = "json",
) -> Response[Any | ErrorEnvelope | ServiceSchemaResponse200]:
    """OpenAPI 3.1 document (JSON, or YAML with ?format=yaml)

     Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        format_ (ServiceSchemaFormat | Unset):  Default: 'json'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | ServiceSchemaResponse200]
    """

    kwargs = _get_kwargs(
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    format_: ServiceSchemaFormat | Unset = "json",
) -> Any | ErrorEnvelope | ServiceSchemaResponse200 | None:
    """OpenAPI 3.1 document (JSON, or YAML with ?format=yaml)

     Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        format_ (ServiceSchemaFormat | Unset):  Default: 'json'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | ServiceSchemaResponse200
    """

    return sync_detailed(
        client=client,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    format_: ServiceSchemaFormat | Unset = "json",
) -> Response[Any | ErrorEnvelope | ServiceSchemaResponse200]:
    """OpenAPI 3.1 document (JSON, or YAML with ?format=yaml)

     Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        format_ (ServiceSchemaFormat | Unset):  Default: 'json'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | ServiceSchemaResponse200]
    """

    kwargs = _get_kwargs(
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    format_: ServiceSchemaFormat | Unset = "json",
) -> Any | ErrorEnvelope | ServiceSchemaResponse200 | None:
    """OpenAPI 3.1 document (JSON, or YAML with ?format=yaml)

     Open: no key needed; a key that is sent is validated and its usage counted. Free: not counted
    against the quota. The path also answers with a trailing slash, under /api and /api/v1.

    Args:
        format_ (ServiceSchemaFormat | Unset):  Default: 'json'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | ServiceSchemaResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            format_=format_,
        )
    ).parsed
