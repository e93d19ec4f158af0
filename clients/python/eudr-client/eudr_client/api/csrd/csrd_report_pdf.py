from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.csrd_report_pdf_format import CsrdReportPdfFormat
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    report_id: UUID,
    *,
    format_: CsrdReportPdfFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/csrd/reports/{report_id}/pdf".format(
            report_id=quote(str(report_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | None:
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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())

        return response_410

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    report_id: UUID,
    *,
    client: AuthenticatedClient,
    format_: CsrdReportPdfFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem]:
    """Download a CSRD report's PDF

     409 `report_not_ready` while queued or rendering (with Retry-After), 409 `report_failed` when
    rendering failed, 410 `report_expired` after the retention period.

    Args:
        report_id (UUID):
        format_ (CsrdReportPdfFormat | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem]
    """

    kwargs = _get_kwargs(
        report_id=report_id,
        format_=format_,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    report_id: UUID,
    *,
    client: AuthenticatedClient,
    format_: CsrdReportPdfFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | None:
    """Download a CSRD report's PDF

     409 `report_not_ready` while queued or rendering (with Retry-After), 409 `report_failed` when
    rendering failed, 410 `report_expired` after the retention period.

    Args:
        report_id (UUID):
        format_ (CsrdReportPdfFormat | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem
    """

    return sync_detailed(
        report_id=report_id,
        client=client,
        format_=format_,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    report_id: UUID,
    *,
    client: AuthenticatedClient,
    format_: CsrdReportPdfFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem]:
    """Download a CSRD report's PDF

     409 `report_not_ready` while queued or rendering (with Retry-After), 409 `report_failed` when
    rendering failed, 410 `report_expired` after the retention period.

    Args:
        report_id (UUID):
        format_ (CsrdReportPdfFormat | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem]
    """

    kwargs = _get_kwargs(
        report_id=report_id,
        format_=format_,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    report_id: UUID,
    *,
    client: AuthenticatedClient,
    format_: CsrdReportPdfFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | None:
    """Download a CSRD report's PDF

     409 `report_not_ready` while queued or rendering (with Retry-After), 409 `report_failed` when
    rendering failed, 410 `report_expired` after the retention period.

    Args:
        report_id (UUID):
        format_ (CsrdReportPdfFormat | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem
    """

    return (
        await asyncio_detailed(
            report_id=report_id,
            client=client,
            format_=format_,
            api_version=api_version,
        )
    ).parsed
