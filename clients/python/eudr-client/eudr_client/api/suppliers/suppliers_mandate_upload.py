from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.mandate_out import MandateOut
from ...models.problem import Problem
from ...models.suppliers_mandate_upload_body import SuppliersMandateUploadBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    supplier_id: UUID,
    *,
    body: SuppliersMandateUploadBody | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/eudr/v1/suppliers/{supplier_id}/mandate".format(
            supplier_id=quote(str(supplier_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MandateOut | Problem | None:
    if response.status_code == 201:
        response_201 = MandateOut.from_dict(response.json())

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
) -> Response[MandateOut | Problem]:
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
    body: SuppliersMandateUploadBody | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[MandateOut | Problem]:
    """Upload the supplier's signed authorisation (PDF, JPEG or PNG); staff review it

     Capped per account and UTC day in number and bytes (429 `mandate_scans_exceeded`, Retry-After until
    midnight UTC).

    Args:
        supplier_id (UUID):
        api_version (ApiVersion | Unset):
        body (SuppliersMandateUploadBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MandateOut | Problem]
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
    body: SuppliersMandateUploadBody | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> MandateOut | Problem | None:
    """Upload the supplier's signed authorisation (PDF, JPEG or PNG); staff review it

     Capped per account and UTC day in number and bytes (429 `mandate_scans_exceeded`, Retry-After until
    midnight UTC).

    Args:
        supplier_id (UUID):
        api_version (ApiVersion | Unset):
        body (SuppliersMandateUploadBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MandateOut | Problem
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
    body: SuppliersMandateUploadBody | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[MandateOut | Problem]:
    """Upload the supplier's signed authorisation (PDF, JPEG or PNG); staff review it

     Capped per account and UTC day in number and bytes (429 `mandate_scans_exceeded`, Retry-After until
    midnight UTC).

    Args:
        supplier_id (UUID):
        api_version (ApiVersion | Unset):
        body (SuppliersMandateUploadBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MandateOut | Problem]
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
    body: SuppliersMandateUploadBody | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> MandateOut | Problem | None:
    """Upload the supplier's signed authorisation (PDF, JPEG or PNG); staff review it

     Capped per account and UTC day in number and bytes (429 `mandate_scans_exceeded`, Retry-After until
    midnight UTC).

    Args:
        supplier_id (UUID):
        api_version (ApiVersion | Unset):
        body (SuppliersMandateUploadBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MandateOut | Problem
    """

    return (
        await asyncio_detailed(
            supplier_id=supplier_id,
            client=client,
            body=body,
            api_version=api_version,
        )
    ).parsed
