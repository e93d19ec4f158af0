from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.problem import Problem
from ...models.roster_import_out import RosterImportOut
from ...models.suppliers_import_body import SuppliersImportBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SuppliersImportBody | Unset = UNSET,
    dry_run: bool | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    params: dict[str, Any] = {}

    params["dry_run"] = dry_run

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/eudr/v1/suppliers/import",
        "params": params,
    }

    if not isinstance(body, Unset):
        _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RosterImportOut | None:
    if response.status_code == 200:
        response_200 = RosterImportOut.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = RosterImportOut.from_dict(response.json())

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
) -> Response[Problem | RosterImportOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SuppliersImportBody | Unset = UNSET,
    dry_run: bool | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem | RosterImportOut]:
    """Upload the roster (CSV or XLSX, up to 5000 suppliers), imported whole or not at all

     Multipart `file`: .csv (UTF-8 or Windows-1250, `,` or `;`) or .xlsx (first sheet). Headers in
    English or Polish (`template.csv`). Every row is checked offline first (NIP and REGON checksums,
    parcel identifiers, postal codes, commodity and size); any invalid row refuses the whole file with
    400 `roster_invalid`, every problem in `errors` with its `line` and `field`. A supplier already
    uploaded (same `producer_number`) is updated; a row that changes the name, an identifier, the
    e-mail, the address, the land or the goods of a supplier with a mandate takes that mandate out of
    force (`needs_reconfirmation`), listed in `mandates_suspended`: ask those suppliers again (`mandate-
    requests`). `dry_run=true` checks and answers the same without writing anything.

    Args:
        dry_run (bool | Unset):
        api_version (ApiVersion | Unset):
        body (SuppliersImportBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RosterImportOut]
    """

    kwargs = _get_kwargs(
        body=body,
        dry_run=dry_run,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: SuppliersImportBody | Unset = UNSET,
    dry_run: bool | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | RosterImportOut | None:
    """Upload the roster (CSV or XLSX, up to 5000 suppliers), imported whole or not at all

     Multipart `file`: .csv (UTF-8 or Windows-1250, `,` or `;`) or .xlsx (first sheet). Headers in
    English or Polish (`template.csv`). Every row is checked offline first (NIP and REGON checksums,
    parcel identifiers, postal codes, commodity and size); any invalid row refuses the whole file with
    400 `roster_invalid`, every problem in `errors` with its `line` and `field`. A supplier already
    uploaded (same `producer_number`) is updated; a row that changes the name, an identifier, the
    e-mail, the address, the land or the goods of a supplier with a mandate takes that mandate out of
    force (`needs_reconfirmation`), listed in `mandates_suspended`: ask those suppliers again (`mandate-
    requests`). `dry_run=true` checks and answers the same without writing anything.

    Args:
        dry_run (bool | Unset):
        api_version (ApiVersion | Unset):
        body (SuppliersImportBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RosterImportOut
    """

    return sync_detailed(
        client=client,
        body=body,
        dry_run=dry_run,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SuppliersImportBody | Unset = UNSET,
    dry_run: bool | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem | RosterImportOut]:
    """Upload the roster (CSV or XLSX, up to 5000 suppliers), imported whole or not at all

     Multipart `file`: .csv (UTF-8 or Windows-1250, `,` or `;`) or .xlsx (first sheet). Headers in
    English or Polish (`template.csv`). Every row is checked offline first (NIP and REGON checksums,
    parcel identifiers, postal codes, commodity and size); any invalid row refuses the whole file with
    400 `roster_invalid`, every problem in `errors` with its `line` and `field`. A supplier already
    uploaded (same `producer_number`) is updated; a row that changes the name, an identifier, the
    e-mail, the address, the land or the goods of a supplier with a mandate takes that mandate out of
    force (`needs_reconfirmation`), listed in `mandates_suspended`: ask those suppliers again (`mandate-
    requests`). `dry_run=true` checks and answers the same without writing anything.

    Args:
        dry_run (bool | Unset):
        api_version (ApiVersion | Unset):
        body (SuppliersImportBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RosterImportOut]
    """

    kwargs = _get_kwargs(
        body=body,
        dry_run=dry_run,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SuppliersImportBody | Unset = UNSET,
    dry_run: bool | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | RosterImportOut | None:
    """Upload the roster (CSV or XLSX, up to 5000 suppliers), imported whole or not at all

     Multipart `file`: .csv (UTF-8 or Windows-1250, `,` or `;`) or .xlsx (first sheet). Headers in
    English or Polish (`template.csv`). Every row is checked offline first (NIP and REGON checksums,
    parcel identifiers, postal codes, commodity and size); any invalid row refuses the whole file with
    400 `roster_invalid`, every problem in `errors` with its `line` and `field`. A supplier already
    uploaded (same `producer_number`) is updated; a row that changes the name, an identifier, the
    e-mail, the address, the land or the goods of a supplier with a mandate takes that mandate out of
    force (`needs_reconfirmation`), listed in `mandates_suspended`: ask those suppliers again (`mandate-
    requests`). `dry_run=true` checks and answers the same without writing anything.

    Args:
        dry_run (bool | Unset):
        api_version (ApiVersion | Unset):
        body (SuppliersImportBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RosterImportOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            dry_run=dry_run,
            api_version=api_version,
        )
    ).parsed
