from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.problem import Problem
from ...models.supplier_filings_results_csv_lang import (
    SupplierFilingsResultsCsvLang,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    filing_id: str,
    *,
    lang: SupplierFilingsResultsCsvLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    params: dict[str, Any] = {}

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang

    params["lang"] = json_lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/eudr/v1/supplier-filings/{filing_id}/results.csv".format(
            filing_id=quote(str(filing_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    filing_id: str,
    *,
    client: AuthenticatedClient,
    lang: SupplierFilingsResultsCsvLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem | str]:
    """Results as CSV, in the reader's language (errors in words)

     One line per supplier with headers, states and statuses in words, and in `errors` every reason the
    row needs attention (its own errors, a plot the screening could not check, the EU's refusal, a
    declaration not sent for want of EU credentials). UTF-8 with a byte order mark.

    Args:
        filing_id (str):
        lang (SupplierFilingsResultsCsvLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        filing_id=filing_id,
        lang=lang,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    filing_id: str,
    *,
    client: AuthenticatedClient,
    lang: SupplierFilingsResultsCsvLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | str | None:
    """Results as CSV, in the reader's language (errors in words)

     One line per supplier with headers, states and statuses in words, and in `errors` every reason the
    row needs attention (its own errors, a plot the screening could not check, the EU's refusal, a
    declaration not sent for want of EU credentials). UTF-8 with a byte order mark.

    Args:
        filing_id (str):
        lang (SupplierFilingsResultsCsvLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        filing_id=filing_id,
        client=client,
        lang=lang,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    filing_id: str,
    *,
    client: AuthenticatedClient,
    lang: SupplierFilingsResultsCsvLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem | str]:
    """Results as CSV, in the reader's language (errors in words)

     One line per supplier with headers, states and statuses in words, and in `errors` every reason the
    row needs attention (its own errors, a plot the screening could not check, the EU's refusal, a
    declaration not sent for want of EU credentials). UTF-8 with a byte order mark.

    Args:
        filing_id (str):
        lang (SupplierFilingsResultsCsvLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        filing_id=filing_id,
        lang=lang,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    filing_id: str,
    *,
    client: AuthenticatedClient,
    lang: SupplierFilingsResultsCsvLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | str | None:
    """Results as CSV, in the reader's language (errors in words)

     One line per supplier with headers, states and statuses in words, and in `errors` every reason the
    row needs attention (its own errors, a plot the screening could not check, the EU's refusal, a
    declaration not sent for want of EU credentials). UTF-8 with a byte order mark.

    Args:
        filing_id (str):
        lang (SupplierFilingsResultsCsvLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            filing_id=filing_id,
            client=client,
            lang=lang,
            api_version=api_version,
        )
    ).parsed
