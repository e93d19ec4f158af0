from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.annual_report_out import AnnualReportOut
from ...models.api_version import ApiVersion
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/eudr/v1/annual-reports",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | list[AnnualReportOut] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = AnnualReportOut.from_dict(response_200_item_data)

            response_200.append(response_200_item)

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
) -> Response[Problem | list[AnnualReportOut]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem | list[AnnualReportOut]]:
    """List your annual due diligence reports

     The yearly public report on the due diligence system (Article 12(3) of Regulation (EU) 2023/1115 as
    amended): figures computed from the account's records for the calendar year (never typed), the
    operator's own texts, and the year's reviews of the system (Article 12(2)). Unpublished, it has no
    public page; publishing freezes the figures.

    Args:
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[AnnualReportOut]]
    """

    kwargs = _get_kwargs(
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | list[AnnualReportOut] | None:
    """List your annual due diligence reports

     The yearly public report on the due diligence system (Article 12(3) of Regulation (EU) 2023/1115 as
    amended): figures computed from the account's records for the calendar year (never typed), the
    operator's own texts, and the year's reviews of the system (Article 12(2)). Unpublished, it has no
    public page; publishing freezes the figures.

    Args:
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[AnnualReportOut]
    """

    return sync_detailed(
        client=client,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem | list[AnnualReportOut]]:
    """List your annual due diligence reports

     The yearly public report on the due diligence system (Article 12(3) of Regulation (EU) 2023/1115 as
    amended): figures computed from the account's records for the calendar year (never typed), the
    operator's own texts, and the year's reviews of the system (Article 12(2)). Unpublished, it has no
    public page; publishing freezes the figures.

    Args:
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[AnnualReportOut]]
    """

    kwargs = _get_kwargs(
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | list[AnnualReportOut] | None:
    """List your annual due diligence reports

     The yearly public report on the due diligence system (Article 12(3) of Regulation (EU) 2023/1115 as
    amended): figures computed from the account's records for the calendar year (never typed), the
    operator's own texts, and the year's reviews of the system (Article 12(2)). Unpublished, it has no
    public page; publishing freezes the figures.

    Args:
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[AnnualReportOut]
    """

    return (
        await asyncio_detailed(
            client=client,
            api_version=api_version,
        )
    ).parsed
