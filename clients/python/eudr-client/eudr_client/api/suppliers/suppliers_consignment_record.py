from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.consignment_in_request import ConsignmentInRequest
from ...models.consignment_out import ConsignmentOut
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    supplier_id: UUID,
    *,
    body: ConsignmentInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/eudr/v1/suppliers/{supplier_id}/consignments".format(
            supplier_id=quote(str(supplier_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConsignmentOut | Problem | None:
    if response.status_code == 201:
        response_201 = ConsignmentOut.from_dict(response.json())

        return response_201

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ConsignmentOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    supplier_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ConsignmentInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ConsignmentOut | Problem]:
    """Record a consignment bought from the supplier, with its declaration's numbers

     The supplier record of the consignment (Article 5(3)), filled from the roster, with the reference
    and verification numbers of the supplier's simplified declaration filed through a bulk filing,
    checked with the EU (verifyDeclaration) and kept as an upstream reference.

    Args:
        supplier_id (UUID):
        api_version (ApiVersion | Unset):
        body (ConsignmentInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsignmentOut | Problem]
    """

    kwargs = _get_kwargs(
        supplier_id=supplier_id,
        body=body,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    supplier_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ConsignmentInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> ConsignmentOut | Problem | None:
    """Record a consignment bought from the supplier, with its declaration's numbers

     The supplier record of the consignment (Article 5(3)), filled from the roster, with the reference
    and verification numbers of the supplier's simplified declaration filed through a bulk filing,
    checked with the EU (verifyDeclaration) and kept as an upstream reference.

    Args:
        supplier_id (UUID):
        api_version (ApiVersion | Unset):
        body (ConsignmentInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsignmentOut | Problem
    """

    return sync_detailed(
        supplier_id=supplier_id,
        client=client,
        body=body,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    supplier_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ConsignmentInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ConsignmentOut | Problem]:
    """Record a consignment bought from the supplier, with its declaration's numbers

     The supplier record of the consignment (Article 5(3)), filled from the roster, with the reference
    and verification numbers of the supplier's simplified declaration filed through a bulk filing,
    checked with the EU (verifyDeclaration) and kept as an upstream reference.

    Args:
        supplier_id (UUID):
        api_version (ApiVersion | Unset):
        body (ConsignmentInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsignmentOut | Problem]
    """

    kwargs = _get_kwargs(
        supplier_id=supplier_id,
        body=body,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    supplier_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ConsignmentInRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> ConsignmentOut | Problem | None:
    """Record a consignment bought from the supplier, with its declaration's numbers

     The supplier record of the consignment (Article 5(3)), filled from the roster, with the reference
    and verification numbers of the supplier's simplified declaration filed through a bulk filing,
    checked with the EU (verifyDeclaration) and kept as an upstream reference.

    Args:
        supplier_id (UUID):
        api_version (ApiVersion | Unset):
        body (ConsignmentInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsignmentOut | Problem
    """

    return (
        await asyncio_detailed(
            supplier_id=supplier_id,
            client=client,
            body=body,
            api_version=api_version,
        )
    ).parsed
