from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.location_risk import LocationRisk
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    commodity: str | Unset = UNSET,
    keep_evidence: bool | Unset = UNSET,
    lat: float,
    lng: float,
    radius_km: float | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    params: dict[str, Any] = {}

    params["commodity"] = commodity

    params["keepEvidence"] = keep_evidence

    params["lat"] = lat

    params["lng"] = lng

    params["radiusKm"] = radius_km

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/eudr/v1/risk-score",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LocationRisk | Problem | None:
    if response.status_code == 200:
        response_200 = LocationRisk.from_dict(response.json())

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
) -> Response[LocationRisk | Problem]:
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
    keep_evidence: bool | Unset = UNSET,
    lat: float,
    lng: float,
    radius_km: float | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[LocationRisk | Problem]:
    """Risk score for a location

    Args:
        commodity (str | Unset):
        keep_evidence (bool | Unset):
        lat (float):
        lng (float):
        radius_km (float | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LocationRisk | Problem]
    """

    kwargs = _get_kwargs(
        commodity=commodity,
        keep_evidence=keep_evidence,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
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
    keep_evidence: bool | Unset = UNSET,
    lat: float,
    lng: float,
    radius_km: float | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> LocationRisk | Problem | None:
    """Risk score for a location

    Args:
        commodity (str | Unset):
        keep_evidence (bool | Unset):
        lat (float):
        lng (float):
        radius_km (float | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LocationRisk | Problem
    """

    return sync_detailed(
        client=client,
        commodity=commodity,
        keep_evidence=keep_evidence,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    commodity: str | Unset = UNSET,
    keep_evidence: bool | Unset = UNSET,
    lat: float,
    lng: float,
    radius_km: float | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[LocationRisk | Problem]:
    """Risk score for a location

    Args:
        commodity (str | Unset):
        keep_evidence (bool | Unset):
        lat (float):
        lng (float):
        radius_km (float | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LocationRisk | Problem]
    """

    kwargs = _get_kwargs(
        commodity=commodity,
        keep_evidence=keep_evidence,
        lat=lat,
        lng=lng,
        radius_km=radius_km,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    commodity: str | Unset = UNSET,
    keep_evidence: bool | Unset = UNSET,
    lat: float,
    lng: float,
    radius_km: float | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> LocationRisk | Problem | None:
    """Risk score for a location

    Args:
        commodity (str | Unset):
        keep_evidence (bool | Unset):
        lat (float):
        lng (float):
        radius_km (float | Unset):
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LocationRisk | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            commodity=commodity,
            keep_evidence=keep_evidence,
            lat=lat,
            lng=lng,
            radius_km=radius_km,
            api_version=api_version,
        )
    ).parsed
