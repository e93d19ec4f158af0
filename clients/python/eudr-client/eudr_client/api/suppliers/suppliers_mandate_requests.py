from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.mandate_requests_in_request import MandateRequestsInRequest
from ...models.mandate_requests_out import MandateRequestsOut
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: MandateRequestsInRequest | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/eudr/v1/suppliers/mandate-requests",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MandateRequestsOut | Problem | None:
    if response.status_code == 201:
        response_201 = MandateRequestsOut.from_dict(response.json())

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
) -> Response[MandateRequestsOut | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: MandateRequestsInRequest | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[MandateRequestsOut | Problem]:
    """Ask suppliers to confirm their mandate through a one-time e-mail link

     One e-mail per supplier with an address and no mandate in force or awaited (a supplier whose mandate
    is `needs_reconfirmation` is asked again). A test key creates the links but sends no e-mail
    (`emails: not_sent_test_mode`). At most MANDATE_EMAILS_PER_DAY e-mails per account and UTC day: a
    request that would pass it sends none (429 `mandate_emails_exceeded`).

    Args:
        api_version (ApiVersion | Unset):
        body (MandateRequestsInRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MandateRequestsOut | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: MandateRequestsInRequest | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> MandateRequestsOut | Problem | None:
    """Ask suppliers to confirm their mandate through a one-time e-mail link

     One e-mail per supplier with an address and no mandate in force or awaited (a supplier whose mandate
    is `needs_reconfirmation` is asked again). A test key creates the links but sends no e-mail
    (`emails: not_sent_test_mode`). At most MANDATE_EMAILS_PER_DAY e-mails per account and UTC day: a
    request that would pass it sends none (429 `mandate_emails_exceeded`).

    Args:
        api_version (ApiVersion | Unset):
        body (MandateRequestsInRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MandateRequestsOut | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: MandateRequestsInRequest | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[MandateRequestsOut | Problem]:
    """Ask suppliers to confirm their mandate through a one-time e-mail link

     One e-mail per supplier with an address and no mandate in force or awaited (a supplier whose mandate
    is `needs_reconfirmation` is asked again). A test key creates the links but sends no e-mail
    (`emails: not_sent_test_mode`). At most MANDATE_EMAILS_PER_DAY e-mails per account and UTC day: a
    request that would pass it sends none (429 `mandate_emails_exceeded`).

    Args:
        api_version (ApiVersion | Unset):
        body (MandateRequestsInRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MandateRequestsOut | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: MandateRequestsInRequest | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> MandateRequestsOut | Problem | None:
    """Ask suppliers to confirm their mandate through a one-time e-mail link

     One e-mail per supplier with an address and no mandate in force or awaited (a supplier whose mandate
    is `needs_reconfirmation` is asked again). A test key creates the links but sends no e-mail
    (`emails: not_sent_test_mode`). At most MANDATE_EMAILS_PER_DAY e-mails per account and UTC day: a
    request that would pass it sends none (429 `mandate_emails_exceeded`).

    Args:
        api_version (ApiVersion | Unset):
        body (MandateRequestsInRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MandateRequestsOut | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            api_version=api_version,
        )
    ).parsed
