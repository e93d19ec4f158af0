from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.annual_report_in_request import AnnualReportInRequest
from ...models.annual_report_out import AnnualReportOut
from ...models.api_version import ApiVersion
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: AnnualReportInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/eudr/v1/annual-reports",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AnnualReportOut | Problem | None:
    if response.status_code == 200:
        response_200 = AnnualReportOut.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = AnnualReportOut.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 406:
        response_406 = Problem.from_dict(response.json())

        return response_406

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
    *,
    client: AuthenticatedClient,
    body: AnnualReportInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[AnnualReportOut | Problem]:
    """Open the annual report of a year (and write your parts)

     The yearly public report on the due diligence system (Article 12(3) of Regulation (EU) 2023/1115 as
    amended): figures computed from the account's records for the calendar year (never typed), the
    operator's own texts, and the year's reviews of the system (Article 12(2)). Unpublished, it has no
    public page; publishing freezes the figures. Opening a year that exists answers it (200) with the
    texts given saved.

    Args:
        api_version (ApiVersion | Unset):
        body (AnnualReportInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnnualReportOut | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: AnnualReportInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> AnnualReportOut | Problem | None:
    """Open the annual report of a year (and write your parts)

     The yearly public report on the due diligence system (Article 12(3) of Regulation (EU) 2023/1115 as
    amended): figures computed from the account's records for the calendar year (never typed), the
    operator's own texts, and the year's reviews of the system (Article 12(2)). Unpublished, it has no
    public page; publishing freezes the figures. Opening a year that exists answers it (200) with the
    texts given saved.

    Args:
        api_version (ApiVersion | Unset):
        body (AnnualReportInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnnualReportOut | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AnnualReportInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[AnnualReportOut | Problem]:
    """Open the annual report of a year (and write your parts)

     The yearly public report on the due diligence system (Article 12(3) of Regulation (EU) 2023/1115 as
    amended): figures computed from the account's records for the calendar year (never typed), the
    operator's own texts, and the year's reviews of the system (Article 12(2)). Unpublished, it has no
    public page; publishing freezes the figures. Opening a year that exists answers it (200) with the
    texts given saved.

    Args:
        api_version (ApiVersion | Unset):
        body (AnnualReportInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnnualReportOut | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AnnualReportInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> AnnualReportOut | Problem | None:
    """Open the annual report of a year (and write your parts)

     The yearly public report on the due diligence system (Article 12(3) of Regulation (EU) 2023/1115 as
    amended): figures computed from the account's records for the calendar year (never typed), the
    operator's own texts, and the year's reviews of the system (Article 12(2)). Unpublished, it has no
    public page; publishing freezes the figures. Opening a year that exists answers it (200) with the
    texts given saved.

    Args:
        api_version (ApiVersion | Unset):
        body (AnnualReportInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnnualReportOut | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            api_version=api_version,
        )
    ).parsed
