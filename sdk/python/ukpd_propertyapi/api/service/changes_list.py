from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.changes_list_dataset import ChangesListDataset
from ...models.changes_list_fields import ChangesListFields
from ...models.changes_page import ChangesPage
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    dataset: ChangesListDataset,
    *,
    since: int,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
    fields: ChangesListFields | Unset = "all",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["since"] = since

    params["cursor"] = cursor

    params["limit"] = limit

    json_fields: str | Unset = UNSET
    if not isinstance(fields, Unset):
        json_fields = fields

    params["fields"] = json_fields

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/changes/{dataset}".format(
            dataset=quote(str(dataset), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChangesPage | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = ChangesPage.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = ErrorEnvelope.from_dict(response.json())

        return response_402

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 410:
        response_410 = ErrorEnvelope.from_dict(response.json())

        return response_410

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
) -> Response[ChangesPage | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    dataset: ChangesListDataset,
    *,
    client: AuthenticatedClient,
    since: int,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
    fields: ChangesListFields | Unset = "all",
) -> Response[ChangesPage | ErrorEnvelope]:
    """What changed in a dataset since an epoch (inserts, updates, deletes); 1 call per 10 rows

     What changed in a dataset after epoch `since` up to its current epoch, one entry per document
    (its changes folded: inserted then updated is an insert, inserted then deleted is nothing), in
    document id order, with the current document for inserts and updates. Page with next_cursor;
    the answer's epoch is the since of the next sync. Charged one call per 10 entries returned
    (at least one). Changes are kept for the last 10 epochs or 90 days, whichever is more
    (CHANGES_KEEP_EPOCHS, CHANGES_KEEP_DAYS); an older since is 410 epoch_expired (copy the dataset
    again). The first load of a dataset is a baseline: its changes start after it.

    Parameter rules (not expressible in the schema): since or cursor is required; with both, since must
    equal the cursor's; since is at most the current epoch of the dataset.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        dataset (ChangesListDataset):
        since (int):
        cursor (str | Unset):
        limit (int | Unset):  Default: 100.
        fields (ChangesListFields | Unset):  Default: 'all'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangesPage | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        dataset=dataset,
        since=since,
        cursor=cursor,
        limit=limit,
        fields=fields,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    dataset: ChangesListDataset,
    *,
    client: AuthenticatedClient,
    since: int,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
    fields: ChangesListFields | Unset = "all",
) -> ChangesPage | ErrorEnvelope | None:
    """What changed in a dataset since an epoch (inserts, updates, deletes); 1 call per 10 rows

     What changed in a dataset after epoch `since` up to its current epoch, one entry per document
    (its changes folded: inserted then updated is an insert, inserted then deleted is nothing), in
    document id order, with the current document for inserts and updates. Page with next_cursor;
    the answer's epoch is the since of the next sync. Charged one call per 10 entries returned
    (at least one). Changes are kept for the last 10 epochs or 90 days, whichever is more
    (CHANGES_KEEP_EPOCHS, CHANGES_KEEP_DAYS); an older since is 410 epoch_expired (copy the dataset
    again). The first load of a dataset is a baseline: its changes start after it.

    Parameter rules (not expressible in the schema): since or cursor is required; with both, since must
    equal the cursor's; since is at most the current epoch of the dataset.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        dataset (ChangesListDataset):
        since (int):
        cursor (str | Unset):
        limit (int | Unset):  Default: 100.
        fields (ChangesListFields | Unset):  Default: 'all'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangesPage | ErrorEnvelope
    """

    return sync_detailed(
        dataset=dataset,
        client=client,
        since=since,
        cursor=cursor,
        limit=limit,
        fields=fields,
    ).parsed


async def asyncio_detailed(
    dataset: ChangesListDataset,
    *,
    client: AuthenticatedClient,
    since: int,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
    fields: ChangesListFields | Unset = "all",
) -> Response[ChangesPage | ErrorEnvelope]:
    """What changed in a dataset since an epoch (inserts, updates, deletes); 1 call per 10 rows

     What changed in a dataset after epoch `since` up to its current epoch, one entry per document
    (its changes folded: inserted then updated is an insert, inserted then deleted is nothing), in
    document id order, with the current document for inserts and updates. Page with next_cursor;
    the answer's epoch is the since of the next sync. Charged one call per 10 entries returned
    (at least one). Changes are kept for the last 10 epochs or 90 days, whichever is more
    (CHANGES_KEEP_EPOCHS, CHANGES_KEEP_DAYS); an older since is 410 epoch_expired (copy the dataset
    again). The first load of a dataset is a baseline: its changes start after it.

    Parameter rules (not expressible in the schema): since or cursor is required; with both, since must
    equal the cursor's; since is at most the current epoch of the dataset.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        dataset (ChangesListDataset):
        since (int):
        cursor (str | Unset):
        limit (int | Unset):  Default: 100.
        fields (ChangesListFields | Unset):  Default: 'all'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangesPage | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        dataset=dataset,
        since=since,
        cursor=cursor,
        limit=limit,
        fields=fields,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    dataset: ChangesListDataset,
    *,
    client: AuthenticatedClient,
    since: int,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
    fields: ChangesListFields | Unset = "all",
) -> ChangesPage | ErrorEnvelope | None:
    """What changed in a dataset since an epoch (inserts, updates, deletes); 1 call per 10 rows

     What changed in a dataset after epoch `since` up to its current epoch, one entry per document
    (its changes folded: inserted then updated is an insert, inserted then deleted is nothing), in
    document id order, with the current document for inserts and updates. Page with next_cursor;
    the answer's epoch is the since of the next sync. Charged one call per 10 entries returned
    (at least one). Changes are kept for the last 10 epochs or 90 days, whichever is more
    (CHANGES_KEEP_EPOCHS, CHANGES_KEEP_DAYS); an older since is 410 epoch_expired (copy the dataset
    again). The first load of a dataset is a baseline: its changes start after it.

    Parameter rules (not expressible in the schema): since or cursor is required; with both, since must
    equal the cursor's; since is at most the current epoch of the dataset.

    Requires an API key. Costs 1 call(s). The path also answers with a trailing slash, under /api and
    /api/v1.

    Args:
        dataset (ChangesListDataset):
        since (int):
        cursor (str | Unset):
        limit (int | Unset):  Default: 100.
        fields (ChangesListFields | Unset):  Default: 'all'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangesPage | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            dataset=dataset,
            client=client,
            since=since,
            cursor=cursor,
            limit=limit,
            fields=fields,
        )
    ).parsed
