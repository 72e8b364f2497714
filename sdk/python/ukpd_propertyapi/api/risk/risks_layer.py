from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.risks import Risks
from ...models.risks_layer_risk_type import RisksLayerRiskType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    risk_type: RisksLayerRiskType,
    layer: str,
    *,
    uprn: int,
    radius_m: int | Unset = 500,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["uprn"] = uprn

    params["radius_m"] = radius_m

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/risks/{risk_type}/{layer}".format(
            risk_type=quote(str(risk_type), safe=""),
            layer=quote(str(layer), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | Risks | None:
    if response.status_code == 200:
        response_200 = Risks.from_dict(response.json())

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
) -> Response[Any | ErrorEnvelope | Risks]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    risk_type: RisksLayerRiskType,
    layer: str,
    *,
    client: AuthenticatedClient,
    uprn: int,
    radius_m: int | Unset = 500,
) -> Response[Any | ErrorEnvelope | Risks]:
    """One layer (sub-type) of a risk type, e.g. flood/surface_water

     One layer (sub-type) of a risk type: flood/rivers_and_sea, flood/surface_water, noise/road_noise,
    noise/rail_noise, radon/radon, ... (the vendor client's "flood:<layer>" form). The result is
    the one of risks/{risk_type} for that sub-type; risk_type in the body reads "<type>:<layer>".

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        risk_type (RisksLayerRiskType):
        layer (str):
        uprn (int):
        radius_m (int | Unset):  Default: 500.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | Risks]
    """

    kwargs = _get_kwargs(
        risk_type=risk_type,
        layer=layer,
        uprn=uprn,
        radius_m=radius_m,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    risk_type: RisksLayerRiskType,
    layer: str,
    *,
    client: AuthenticatedClient,
    uprn: int,
    radius_m: int | Unset = 500,
) -> Any | ErrorEnvelope | Risks | None:
    """One layer (sub-type) of a risk type, e.g. flood/surface_water

     One layer (sub-type) of a risk type: flood/rivers_and_sea, flood/surface_water, noise/road_noise,
    noise/rail_noise, radon/radon, ... (the vendor client's "flood:<layer>" form). The result is
    the one of risks/{risk_type} for that sub-type; risk_type in the body reads "<type>:<layer>".

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        risk_type (RisksLayerRiskType):
        layer (str):
        uprn (int):
        radius_m (int | Unset):  Default: 500.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | Risks
    """

    return sync_detailed(
        risk_type=risk_type,
        layer=layer,
        client=client,
        uprn=uprn,
        radius_m=radius_m,
    ).parsed


async def asyncio_detailed(
    risk_type: RisksLayerRiskType,
    layer: str,
    *,
    client: AuthenticatedClient,
    uprn: int,
    radius_m: int | Unset = 500,
) -> Response[Any | ErrorEnvelope | Risks]:
    """One layer (sub-type) of a risk type, e.g. flood/surface_water

     One layer (sub-type) of a risk type: flood/rivers_and_sea, flood/surface_water, noise/road_noise,
    noise/rail_noise, radon/radon, ... (the vendor client's "flood:<layer>" form). The result is
    the one of risks/{risk_type} for that sub-type; risk_type in the body reads "<type>:<layer>".

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        risk_type (RisksLayerRiskType):
        layer (str):
        uprn (int):
        radius_m (int | Unset):  Default: 500.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | Risks]
    """

    kwargs = _get_kwargs(
        risk_type=risk_type,
        layer=layer,
        uprn=uprn,
        radius_m=radius_m,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    risk_type: RisksLayerRiskType,
    layer: str,
    *,
    client: AuthenticatedClient,
    uprn: int,
    radius_m: int | Unset = 500,
) -> Any | ErrorEnvelope | Risks | None:
    """One layer (sub-type) of a risk type, e.g. flood/surface_water

     One layer (sub-type) of a risk type: flood/rivers_and_sea, flood/surface_water, noise/road_noise,
    noise/rail_noise, radon/radon, ... (the vendor client's "flood:<layer>" form). The result is
    the one of risks/{risk_type} for that sub-type; risk_type in the body reads "<type>:<layer>".

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        risk_type (RisksLayerRiskType):
        layer (str):
        uprn (int):
        radius_m (int | Unset):  Default: 500.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | Risks
    """

    return (
        await asyncio_detailed(
            risk_type=risk_type,
            layer=layer,
            client=client,
            uprn=uprn,
            radius_m=radius_m,
        )
    ).parsed
