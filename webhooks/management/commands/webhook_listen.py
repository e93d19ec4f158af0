"""`manage.py webhook_listen`: receive webhooks locally and report each delivery."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from webhooks.receiver import HOST, receiver_server


class Command(BaseCommand):
    help = "Receive webhooks on 127.0.0.1 and print each delivery (for trying webhooks locally)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8087)
        parser.add_argument("--secret", help="the webhook's whsec_... secret, to check signatures")

    def handle(self, *args: Any, port: int, secret: str | None, **options: Any) -> None:
        server = receiver_server(port, secret=secret, report=self.stdout.write)
        self.stdout.write(
            _("Listening on http://%(host)s:%(port)s/ (Ctrl-C stops)") % {"host": HOST, "port": port}
        )
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
