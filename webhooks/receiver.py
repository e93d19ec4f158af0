"""A webhook receiver for trying webhooks locally (`manage.py webhook_listen`).

It answers every POST with 204 and reports what arrived: the event type, its id and,
given the webhook's `whsec_...` secret, whether the Standard Webhooks signature holds,
checked with the `standardwebhooks` package a receiver would use (not with our own
signing code). Loopback only: it is a development tool, not a receiver to deploy.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from django.utils.translation import gettext as _
from standardwebhooks import Webhook, WebhookVerificationError

HOST = "127.0.0.1"
MAX_BODY_BYTES = 1024 * 1024


def delivery_summary(body: bytes, headers: dict[str, str], secret: str | None) -> str:
    """One line for one delivery: event type, webhook-id and the signature check."""
    try:
        event = json.loads(body)
        kind = event.get("type", "?") if isinstance(event, dict) else "?"
    except ValueError:
        kind = _("(not JSON)")
    line = f"{kind}  webhook-id={headers.get('webhook-id', '-')}"
    if secret is None:
        return line + "  " + _("signature not checked (no --secret)")
    try:
        Webhook(secret).verify(body, headers)
    except WebhookVerificationError as exc:
        return line + "  " + _("signature INVALID (%(reason)s)") % {"reason": exc}
    return line + "  " + _("signature valid")


def receiver_server(port: int, *, secret: str | None, report: Callable[[str], None]) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = min(int(self.headers.get("Content-Length") or 0), MAX_BODY_BYTES)
            body = self.rfile.read(length)
            headers = {name.lower(): value for name, value in self.headers.items()}
            report(delivery_summary(body, headers, secret))
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            return  # one line per delivery is reported above

    return ThreadingHTTPServer((HOST, port), Handler)
