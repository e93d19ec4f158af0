import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.dds_list_status import DdsListStatus
from ...models.paginated_dds_summary_list import PaginatedDDSSummaryList
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    commodity: str | Unset = UNSET,
    created_after: datetime.date | Unset = UNSET,
    created_before: datetime.date | Unset = UNSET,
    cursor: str | Unset = UNSET,
    internal_reference: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: DdsListStatus | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    params: dict[str, Any] = {}

    params["commodity"] = commodity

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    params["cursor"] = cursor

    params["internal_reference"] = internal_reference

    params["page_size"] = page_size

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/eudr/dds/list",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PaginatedDDSSummaryList | Problem | None:
    if response.status_code == 200:
        response_200 = PaginatedDDSSummaryList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = Problem.from_dict(response.json())

        return response_406

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PaginatedDDSSummaryList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    commodity: str | Unset = UNSET,
    created_after: datetime.date | Unset = UNSET,
    created_before: datetime.date | Unset = UNSET,
    cursor: str | Unset = UNSET,
    internal_reference: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: DdsListStatus | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[PaginatedDDSSummaryList | Problem]:
    """List your DDS

     GET /api/eudr/dds/list: the account's statements, newest first.

    Args:
        commodity (str | Unset):
        created_after (datetime.date | Unset):
        created_before (datetime.date | Unset):
        cursor (str | Unset):
        internal_reference (str | Unset):
        page_size (int | Unset):
        status (DdsListStatus | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PaginatedDDSSummaryList | Problem]
    """

    kwargs = _get_kwargs(
        commodity=commodity,
        created_after=created_after,
        created_before=created_before,
        cursor=cursor,
        internal_reference=internal_reference,
        page_size=page_size,
        status=status,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    commodity: str | Unset = UNSET,
    created_after: datetime.date | Unset = UNSET,
    created_before: datetime.date | Unset = UNSET,
    cursor: str | Unset = UNSET,
    internal_reference: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: DdsListStatus | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> PaginatedDDSSummaryList | Problem | None:
    """List your DDS

     GET /api/eudr/dds/list: the account's statements, newest first.

    Args:
        commodity (str | Unset):
        created_after (datetime.date | Unset):
        created_before (datetime.date | Unset):
        cursor (str | Unset):
        internal_reference (str | Unset):
        page_size (int | Unset):
        status (DdsListStatus | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PaginatedDDSSummaryList | Problem
    """

    return sync_detailed(
        client=client,
        commodity=commodity,
        created_after=created_after,
        created_before=created_before,
        cursor=cursor,
        internal_reference=internal_reference,
        page_size=page_size,
        status=status,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    commodity: str | Unset = UNSET,
    created_after: datetime.date | Unset = UNSET,
    created_before: datetime.date | Unset = UNSET,
    cursor: str | Unset = UNSET,
    internal_reference: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: DdsListStatus | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[PaginatedDDSSummaryList | Problem]:
    """List your DDS

     GET /api/eudr/dds/list: the account's statements, newest first.

    Args:
        commodity (str | Unset):
        created_after (datetime.date | Unset):
        created_before (datetime.date | Unset):
        cursor (str | Unset):
        internal_reference (str | Unset):
        page_size (int | Unset):
        status (DdsListStatus | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PaginatedDDSSummaryList | Problem]
    """

    kwargs = _get_kwargs(
        commodity=commodity,
        created_after=created_after,
        created_before=created_before,
        cursor=cursor,
        internal_reference=internal_reference,
        page_size=page_size,
        status=status,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    commodity: str | Unset = UNSET,
    created_after: datetime.date | Unset = UNSET,
    created_before: datetime.date | Unset = UNSET,
    cursor: str | Unset = UNSET,
    internal_reference: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: DdsListStatus | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> PaginatedDDSSummaryList | Problem | None:
    """List your DDS

     GET /api/eudr/dds/list: the account's statements, newest first.

    Args:
        commodity (str | Unset):
        created_after (datetime.date | Unset):
        created_before (datetime.date | Unset):
        cursor (str | Unset):
        internal_reference (str | Unset):
        page_size (int | Unset):
        status (DdsListStatus | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PaginatedDDSSummaryList | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            commodity=commodity,
            created_after=created_after,
            created_before=created_before,
            cursor=cursor,
            internal_reference=internal_reference,
            page_size=page_size,
            status=status,
            api_version=api_version,
        )
    ).parsed
