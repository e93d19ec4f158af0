from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.annual_report_out import AnnualReportOut
from ...models.api_version import ApiVersion
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    year: int,
    *,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/eudr/v1/annual-reports/{year}/publish".format(
            year=quote(str(year), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AnnualReportOut | Problem | None:
    if response.status_code == 200:
        response_200 = AnnualReportOut.from_dict(response.json())

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
) -> Response[AnnualReportOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    year: int,
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[AnnualReportOut | Problem]:
    """Publish an annual report (freezes its figures; opens its public page)

    Args:
        year (int):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnnualReportOut | Problem]
    """

    kwargs = _get_kwargs(
        year=year,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    year: int,
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> AnnualReportOut | Problem | None:
    """Publish an annual report (freezes its figures; opens its public page)

    Args:
        year (int):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnnualReportOut | Problem
    """

    return sync_detailed(
        year=year,
        client=client,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    year: int,
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[AnnualReportOut | Problem]:
    """Publish an annual report (freezes its figures; opens its public page)

    Args:
        year (int):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnnualReportOut | Problem]
    """

    kwargs = _get_kwargs(
        year=year,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    year: int,
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> AnnualReportOut | Problem | None:
    """Publish an annual report (freezes its figures; opens its public page)

    Args:
        year (int):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnnualReportOut | Problem
    """

    return (
        await asyncio_detailed(
            year=year,
            client=client,
            api_version=api_version,
        )
    ).parsed
