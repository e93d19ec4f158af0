from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.dds_filing_request import DDSFilingRequest
from ...models.dds_record import DDSRecord
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    dds_id: str,
    *,
    body: DDSFilingRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/eudr/v1/dds/{dds_id}/amend".format(
            dds_id=quote(str(dds_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DDSRecord | Problem | None:
    if response.status_code == 200:
        response_200 = DDSRecord.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DDSRecord | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    dds_id: str,
    *,
    client: AuthenticatedClient,
    body: DDSFilingRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[DDSRecord | Problem]:
    """Amend a DDS the EU holds (a complete replacement, within 72 hours of submission)

     The body is a complete filing body. It is screened again and must come out COMPLIANT; the activity
    cannot change. After 72 hours the EU takes no amendment: file a new statement. A body without
    `geolocation_confidential` is the legacy (pre-V3) body: still accepted where it maps, answered with
    `Deprecation: true`, `Sunset` and `Link` headers.

    Args:
        dds_id (str):
        api_version (ApiVersion | Unset):
        body (DDSFilingRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DDSRecord | Problem]
    """

    kwargs = _get_kwargs(
        dds_id=dds_id,
        body=body,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    dds_id: str,
    *,
    client: AuthenticatedClient,
    body: DDSFilingRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> DDSRecord | Problem | None:
    """Amend a DDS the EU holds (a complete replacement, within 72 hours of submission)

     The body is a complete filing body. It is screened again and must come out COMPLIANT; the activity
    cannot change. After 72 hours the EU takes no amendment: file a new statement. A body without
    `geolocation_confidential` is the legacy (pre-V3) body: still accepted where it maps, answered with
    `Deprecation: true`, `Sunset` and `Link` headers.

    Args:
        dds_id (str):
        api_version (ApiVersion | Unset):
        body (DDSFilingRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DDSRecord | Problem
    """

    return sync_detailed(
        dds_id=dds_id,
        client=client,
        body=body,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    dds_id: str,
    *,
    client: AuthenticatedClient,
    body: DDSFilingRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[DDSRecord | Problem]:
    """Amend a DDS the EU holds (a complete replacement, within 72 hours of submission)

     The body is a complete filing body. It is screened again and must come out COMPLIANT; the activity
    cannot change. After 72 hours the EU takes no amendment: file a new statement. A body without
    `geolocation_confidential` is the legacy (pre-V3) body: still accepted where it maps, answered with
    `Deprecation: true`, `Sunset` and `Link` headers.

    Args:
        dds_id (str):
        api_version (ApiVersion | Unset):
        body (DDSFilingRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DDSRecord | Problem]
    """

    kwargs = _get_kwargs(
        dds_id=dds_id,
        body=body,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    dds_id: str,
    *,
    client: AuthenticatedClient,
    body: DDSFilingRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> DDSRecord | Problem | None:
    """Amend a DDS the EU holds (a complete replacement, within 72 hours of submission)

     The body is a complete filing body. It is screened again and must come out COMPLIANT; the activity
    cannot change. After 72 hours the EU takes no amendment: file a new statement. A body without
    `geolocation_confidential` is the legacy (pre-V3) body: still accepted where it maps, answered with
    `Deprecation: true`, `Sunset` and `Link` headers.

    Args:
        dds_id (str):
        api_version (ApiVersion | Unset):
        body (DDSFilingRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DDSRecord | Problem
    """

    return (
        await asyncio_detailed(
            dds_id=dds_id,
            client=client,
            body=body,
            api_version=api_version,
        )
    ).parsed
