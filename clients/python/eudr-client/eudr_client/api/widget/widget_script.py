from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.widget_script_lang import WidgetScriptLang
from ...models.widget_script_style import WidgetScriptStyle
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    lang: WidgetScriptLang | Unset = "pl",
    style: WidgetScriptStyle | Unset = "badge",
) -> dict[str, Any]:

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

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | None:
    if response.status_code == 304:
        return None

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any]:
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
) -> Response[Any]:
    """Badge widget script (public)

     JavaScript that renders a compliance badge into every `[data-eudr-dds]` element of the page. No key,
    not counted against any quota, CORS `*`, cacheable with an ETag. Unknown `lang` or `style` values
    fall back to the defaults. The same script for self-hosting is at `/widget.js`.

    Args:
        lang (WidgetScriptLang | Unset):  Default: 'pl'.
        style (WidgetScriptStyle | Unset):  Default: 'badge'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        lang=lang,
        style=style,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    lang: WidgetScriptLang | Unset = "pl",
    style: WidgetScriptStyle | Unset = "badge",
) -> Response[Any]:
    """Badge widget script (public)

     JavaScript that renders a compliance badge into every `[data-eudr-dds]` element of the page. No key,
    not counted against any quota, CORS `*`, cacheable with an ETag. Unknown `lang` or `style` values
    fall back to the defaults. The same script for self-hosting is at `/widget.js`.

    Args:
        lang (WidgetScriptLang | Unset):  Default: 'pl'.
        style (WidgetScriptStyle | Unset):  Default: 'badge'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        lang=lang,
        style=style,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)
