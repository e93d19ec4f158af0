from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.problem import Problem
from ...models.system_review import SystemReview
from ...models.system_review_request import SystemReviewRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SystemReviewRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/eudr/v1/system-reviews",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SystemReview | None:
    if response.status_code == 201:
        response_201 = SystemReview.from_dict(response.json())

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
) -> Response[Problem | SystemReview]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SystemReviewRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem | SystemReview]:
    """Record a review of your due diligence system (Article 12(2))

     Kept at least five years from the review's date; there is no deletion.

    Args:
        api_version (ApiVersion | Unset):
        body (SystemReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SystemReview]
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
    body: SystemReviewRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | SystemReview | None:
    """Record a review of your due diligence system (Article 12(2))

     Kept at least five years from the review's date; there is no deletion.

    Args:
        api_version (ApiVersion | Unset):
        body (SystemReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SystemReview
    """

    return sync_detailed(
        client=client,
        body=body,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SystemReviewRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Problem | SystemReview]:
    """Record a review of your due diligence system (Article 12(2))

     Kept at least five years from the review's date; there is no deletion.

    Args:
        api_version (ApiVersion | Unset):
        body (SystemReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SystemReview]
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
    body: SystemReviewRequest,
    api_version: ApiVersion | Unset = UNSET,
) -> Problem | SystemReview | None:
    """Record a review of your due diligence system (Article 12(2))

     Kept at least five years from the review's date; there is no deletion.

    Args:
        api_version (ApiVersion | Unset):
        body (SystemReviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SystemReview
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            api_version=api_version,
        )
    ).parsed
