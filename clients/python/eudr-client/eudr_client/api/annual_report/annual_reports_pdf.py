from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.annual_reports_pdf_format import AnnualReportsPdfFormat
from ...models.annual_reports_pdf_lang import AnnualReportsPdfLang
from ...models.annual_reports_pdf_response_202 import AnnualReportsPdfResponse202
from ...models.api_version import ApiVersion
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    year: int,
    *,
    format_: AnnualReportsPdfFormat | Unset = UNSET,
    lang: AnnualReportsPdfLang | Unset = UNSET,
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

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang

    params["lang"] = json_lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/eudr/v1/annual-reports/{year}/pdf".format(
            year=quote(str(year), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AnnualReportsPdfResponse202 | Problem | None:
    if response.status_code == 202:
        response_202 = AnnualReportsPdfResponse202.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AnnualReportsPdfResponse202 | Problem]:
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
    format_: AnnualReportsPdfFormat | Unset = UNSET,
    lang: AnnualReportsPdfLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[AnnualReportsPdfResponse202 | Problem]:
    """Download an annual report as PDF (pl or en)

     Rendered by a worker; the request waits a little, then answers 202 with a Location to poll (at once
    with `Prefer: respond-async`). 409 `pdf_failed` when rendering failed.

    Args:
        year (int):
        format_ (AnnualReportsPdfFormat | Unset):
        lang (AnnualReportsPdfLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnnualReportsPdfResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        year=year,
        format_=format_,
        lang=lang,
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
    format_: AnnualReportsPdfFormat | Unset = UNSET,
    lang: AnnualReportsPdfLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> AnnualReportsPdfResponse202 | Problem | None:
    """Download an annual report as PDF (pl or en)

     Rendered by a worker; the request waits a little, then answers 202 with a Location to poll (at once
    with `Prefer: respond-async`). 409 `pdf_failed` when rendering failed.

    Args:
        year (int):
        format_ (AnnualReportsPdfFormat | Unset):
        lang (AnnualReportsPdfLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnnualReportsPdfResponse202 | Problem
    """

    return sync_detailed(
        year=year,
        client=client,
        format_=format_,
        lang=lang,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    year: int,
    *,
    client: AuthenticatedClient,
    format_: AnnualReportsPdfFormat | Unset = UNSET,
    lang: AnnualReportsPdfLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[AnnualReportsPdfResponse202 | Problem]:
    """Download an annual report as PDF (pl or en)

     Rendered by a worker; the request waits a little, then answers 202 with a Location to poll (at once
    with `Prefer: respond-async`). 409 `pdf_failed` when rendering failed.

    Args:
        year (int):
        format_ (AnnualReportsPdfFormat | Unset):
        lang (AnnualReportsPdfLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnnualReportsPdfResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        year=year,
        format_=format_,
        lang=lang,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    year: int,
    *,
    client: AuthenticatedClient,
    format_: AnnualReportsPdfFormat | Unset = UNSET,
    lang: AnnualReportsPdfLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> AnnualReportsPdfResponse202 | Problem | None:
    """Download an annual report as PDF (pl or en)

     Rendered by a worker; the request waits a little, then answers 202 with a Location to poll (at once
    with `Prefer: respond-async`). 409 `pdf_failed` when rendering failed.

    Args:
        year (int):
        format_ (AnnualReportsPdfFormat | Unset):
        lang (AnnualReportsPdfLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnnualReportsPdfResponse202 | Problem
    """

    return (
        await asyncio_detailed(
            year=year,
            client=client,
            format_=format_,
            lang=lang,
            api_version=api_version,
        )
    ).parsed
