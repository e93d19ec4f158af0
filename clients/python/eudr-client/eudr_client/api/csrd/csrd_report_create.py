from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.csrd_report import CsrdReport
from ...models.csrd_report_create_format import CsrdReportCreateFormat
from ...models.csrd_report_request_request import CsrdReportRequestRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CsrdReportRequestRequest,
    format_: CsrdReportCreateFormat | Unset = UNSET,
    prefer: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(prefer, Unset):
        headers["Prefer"] = prefer

    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/csrd/report",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CsrdReport | Problem | None:
    if response.status_code == 202:
        response_202 = CsrdReport.from_dict(response.json())

        return response_202

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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CsrdReport | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CsrdReportRequestRequest,
    format_: CsrdReportCreateFormat | Unset = UNSET,
    prefer: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[CsrdReport | Problem]:
    """Generate a CSRD report (PDF)

     Validates the body, records the report and renders it in a worker. Waits for the PDF up to a server-
    configured timeout (default 20 s) and returns it; with `Prefer: respond-async`, or when the timeout
    passes, answers 202 with `Location: /api/csrd/reports/{id}` to poll.

    Args:
        format_ (CsrdReportCreateFormat | Unset):
        prefer (str | Unset):
        api_version (ApiVersion | Unset):
        body (CsrdReportRequestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CsrdReport | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        format_=format_,
        prefer=prefer,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CsrdReportRequestRequest,
    format_: CsrdReportCreateFormat | Unset = UNSET,
    prefer: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> CsrdReport | Problem | None:
    """Generate a CSRD report (PDF)

     Validates the body, records the report and renders it in a worker. Waits for the PDF up to a server-
    configured timeout (default 20 s) and returns it; with `Prefer: respond-async`, or when the timeout
    passes, answers 202 with `Location: /api/csrd/reports/{id}` to poll.

    Args:
        format_ (CsrdReportCreateFormat | Unset):
        prefer (str | Unset):
        api_version (ApiVersion | Unset):
        body (CsrdReportRequestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CsrdReport | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        format_=format_,
        prefer=prefer,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CsrdReportRequestRequest,
    format_: CsrdReportCreateFormat | Unset = UNSET,
    prefer: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[CsrdReport | Problem]:
    """Generate a CSRD report (PDF)

     Validates the body, records the report and renders it in a worker. Waits for the PDF up to a server-
    configured timeout (default 20 s) and returns it; with `Prefer: respond-async`, or when the timeout
    passes, answers 202 with `Location: /api/csrd/reports/{id}` to poll.

    Args:
        format_ (CsrdReportCreateFormat | Unset):
        prefer (str | Unset):
        api_version (ApiVersion | Unset):
        body (CsrdReportRequestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CsrdReport | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        format_=format_,
        prefer=prefer,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CsrdReportRequestRequest,
    format_: CsrdReportCreateFormat | Unset = UNSET,
    prefer: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> CsrdReport | Problem | None:
    """Generate a CSRD report (PDF)

     Validates the body, records the report and renders it in a worker. Waits for the PDF up to a server-
    configured timeout (default 20 s) and returns it; with `Prefer: respond-async`, or when the timeout
    passes, answers 202 with `Location: /api/csrd/reports/{id}` to poll.

    Args:
        format_ (CsrdReportCreateFormat | Unset):
        prefer (str | Unset):
        api_version (ApiVersion | Unset):
        body (CsrdReportRequestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CsrdReport | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            format_=format_,
            prefer=prefer,
            api_version=api_version,
        )
    ).parsed
