from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_version import ApiVersion
from ...models.problem import Problem
from ...models.widget_script_lang import WidgetScriptLang
from ...models.widget_script_style import WidgetScriptStyle
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    lang: WidgetScriptLang | Unset = "pl",
    style: WidgetScriptStyle | Unset = "badge",
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

    json_style: str | Unset = UNSET
    if not isinstance(style, Unset):
        json_style = style

    params["style"] = json_style

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/widget",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    lang: WidgetScriptLang | Unset = "pl",
    style: WidgetScriptStyle | Unset = "badge",
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | Problem]:
    """Badge widget script (public)

     JavaScript that renders a compliance badge into every `[data-eudr-dds]` element of the page. No key,
    not counted against any quota, CORS `*`, cacheable with an ETag. Unknown `lang` or `style` values
    fall back to the defaults. The same script for self-hosting is at `/widget.js`.

    Args:
        lang (WidgetScriptLang | Unset):  Default: 'pl'.
        style (WidgetScriptStyle | Unset):  Default: 'badge'.
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        lang=lang,
        style=style,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    lang: WidgetScriptLang | Unset = "pl",
    style: WidgetScriptStyle | Unset = "badge",
    api_version: ApiVersion | Unset = UNSET,
) -> Any | Problem | None:
    """Badge widget script (public)

     JavaScript that renders a compliance badge into every `[data-eudr-dds]` element of the page. No key,
    not counted against any quota, CORS `*`, cacheable with an ETag. Unknown `lang` or `style` values
    fall back to the defaults. The same script for self-hosting is at `/widget.js`.

    Args:
        lang (WidgetScriptLang | Unset):  Default: 'pl'.
        style (WidgetScriptStyle | Unset):  Default: 'badge'.
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        client=client,
        lang=lang,
        style=style,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    lang: WidgetScriptLang | Unset = "pl",
    style: WidgetScriptStyle | Unset = "badge",
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | Problem]:
    """Badge widget script (public)

     JavaScript that renders a compliance badge into every `[data-eudr-dds]` element of the page. No key,
    not counted against any quota, CORS `*`, cacheable with an ETag. Unknown `lang` or `style` values
    fall back to the defaults. The same script for self-hosting is at `/widget.js`.

    Args:
        lang (WidgetScriptLang | Unset):  Default: 'pl'.
        style (WidgetScriptStyle | Unset):  Default: 'badge'.
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        lang=lang,
        style=style,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    lang: WidgetScriptLang | Unset = "pl",
    style: WidgetScriptStyle | Unset = "badge",
    api_version: ApiVersion | Unset = UNSET,
) -> Any | Problem | None:
    """Badge widget script (public)

     JavaScript that renders a compliance badge into every `[data-eudr-dds]` element of the page. No key,
    not counted against any quota, CORS `*`, cacheable with an ETag. Unknown `lang` or `style` values
    fall back to the defaults. The same script for self-hosting is at `/widget.js`.

    Args:
        lang (WidgetScriptLang | Unset):  Default: 'pl'.
        style (WidgetScriptStyle | Unset):  Default: 'badge'.
        api_version (ApiVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            lang=lang,
            style=style,
            api_version=api_version,
        )
    ).parsed
