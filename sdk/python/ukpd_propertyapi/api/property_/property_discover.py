from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.property_custom import PropertyCustom
from ...models.property_discover_with_item import PropertyDiscoverWithItem
from ...models.property_discovery import PropertyDiscovery
from ...types import UNSET, Response, Unset


def _get_kwargs(
    uprn: int,
    *,
    with_: list[PropertyDiscoverWithItem] | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_with_: list[str] | Unset = UNSET
    if not isinstance(with_, Unset):
        json_with_ = []
        for with_item_data in with_:
            with_item: str = with_item_data
            json_with_.append(with_item)

    params["with"] = json_with_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/property/{uprn}".format(
            uprn=quote(str(uprn), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> PropertyCustom | PropertyDiscovery:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_property_discover_type_0 = PropertyDiscovery.from_dict(data)

                return componentsschemas_property_discover_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_property_discover_type_1 = PropertyCustom.from_dict(data)

            return componentsschemas_property_discover_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    uprn: int,
    *,
    client: AuthenticatedClient,
    with_: list[PropertyDiscoverWithItem] | Unset = UNSET,
) -> Response[Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery]:
    """Tiers, parts and add-ons for a UPRN; ?with= custom selection

     Requires an API key. Costs 1, plus the weight of each with= add-on (weights: add-on to calls)
    (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also answers
    with a trailing slash, under /api and /api/v1.

    Args:
        uprn (int):
        with_ (list[PropertyDiscoverWithItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
        with_=with_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    uprn: int,
    *,
    client: AuthenticatedClient,
    with_: list[PropertyDiscoverWithItem] | Unset = UNSET,
) -> Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery | None:
    """Tiers, parts and add-ons for a UPRN; ?with= custom selection

     Requires an API key. Costs 1, plus the weight of each with= add-on (weights: add-on to calls)
    (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also answers
    with a trailing slash, under /api and /api/v1.

    Args:
        uprn (int):
        with_ (list[PropertyDiscoverWithItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery
    """

    return sync_detailed(
        uprn=uprn,
        client=client,
        with_=with_,
    ).parsed


async def asyncio_detailed(
    uprn: int,
    *,
    client: AuthenticatedClient,
    with_: list[PropertyDiscoverWithItem] | Unset = UNSET,
) -> Response[Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery]:
    """Tiers, parts and add-ons for a UPRN; ?with= custom selection

     Requires an API key. Costs 1, plus the weight of each with= add-on (weights: add-on to calls)
    (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also answers
    with a trailing slash, under /api and /api/v1.

    Args:
        uprn (int):
        with_ (list[PropertyDiscoverWithItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery]
    """

    kwargs = _get_kwargs(
        uprn=uprn,
        with_=with_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    uprn: int,
    *,
    client: AuthenticatedClient,
    with_: list[PropertyDiscoverWithItem] | Unset = UNSET,
) -> Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery | None:
    """Tiers, parts and add-ons for a UPRN; ?with= custom selection

     Requires an API key. Costs 1, plus the weight of each with= add-on (weights: add-on to calls)
    (x-call-weight-rule; X-Call-Weight on the response says what was charged). The path also answers
    with a trailing slash, under /api and /api/v1.

    Args:
        uprn (int):
        with_ (list[PropertyDiscoverWithItem] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | PropertyCustom | PropertyDiscovery
    """

    return (
        await asyncio_detailed(
            uprn=uprn,
            client=client,
            with_=with_,
        )
    ).parsed
