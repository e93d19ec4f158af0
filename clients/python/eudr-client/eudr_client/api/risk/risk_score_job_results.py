from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.problem import Problem
from ...models.risk_score_job_results_lang import RiskScoreJobResultsLang
from ...models.risk_score_job_results_response_200 import RiskScoreJobResultsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    job_id: str,
    fmt: str,
    *,
    lang: RiskScoreJobResultsLang | Unset = UNSET,
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
        "url": "/api/eudr/v1/risk-score/jobs/{job_id}/results.{fmt}".format(
            job_id=quote(str(job_id), safe=""),
            fmt=quote(str(fmt), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | RiskScoreJobResultsResponse200 | None:
    if response.status_code == 200:
        response_200 = RiskScoreJobResultsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = Problem.from_dict(response.json())

        return response_406

    if response.status_code == 409:
        response_409 = cast(Any, None)
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
) -> Response[Any | Problem | RiskScoreJobResultsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    job_id: str,
    fmt: str,
    *,
    client: AuthenticatedClient,
    lang: RiskScoreJobResultsLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | Problem | RiskScoreJobResultsResponse200]:
    """A finished job's results as JSON, GeoJSON (RFC 7946) or CSV

    Args:
        job_id (str):
        fmt (str):
        lang (RiskScoreJobResultsLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | RiskScoreJobResultsResponse200]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        fmt=fmt,
        lang=lang,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    job_id: str,
    fmt: str,
    *,
    client: AuthenticatedClient,
    lang: RiskScoreJobResultsLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | Problem | RiskScoreJobResultsResponse200 | None:
    """A finished job's results as JSON, GeoJSON (RFC 7946) or CSV

    Args:
        job_id (str):
        fmt (str):
        lang (RiskScoreJobResultsLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | RiskScoreJobResultsResponse200
    """

    return sync_detailed(
        job_id=job_id,
        fmt=fmt,
        client=client,
        lang=lang,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    job_id: str,
    fmt: str,
    *,
    client: AuthenticatedClient,
    lang: RiskScoreJobResultsLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | Problem | RiskScoreJobResultsResponse200]:
    """A finished job's results as JSON, GeoJSON (RFC 7946) or CSV

    Args:
        job_id (str):
        fmt (str):
        lang (RiskScoreJobResultsLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | RiskScoreJobResultsResponse200]
    """

    kwargs = _get_kwargs(
        job_id=job_id,
        fmt=fmt,
        lang=lang,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    job_id: str,
    fmt: str,
    *,
    client: AuthenticatedClient,
    lang: RiskScoreJobResultsLang | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | Problem | RiskScoreJobResultsResponse200 | None:
    """A finished job's results as JSON, GeoJSON (RFC 7946) or CSV

    Args:
        job_id (str):
        fmt (str):
        lang (RiskScoreJobResultsLang | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | RiskScoreJobResultsResponse200
    """

    return (
        await asyncio_detailed(
            job_id=job_id,
            fmt=fmt,
            client=client,
            lang=lang,
            api_version=api_version,
        )
    ).parsed
