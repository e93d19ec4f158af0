"""Serve the fake EU Information System on loopback until interrupted (local development only)."""

from __future__ import annotations

import threading
from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser

from standins.fake_eu import FakeAccount, FakeEuInformationSystem


def wait_until_interrupted() -> None:
    threading.Event().wait()


class Command(BaseCommand):
    help = "Run a fake EU Information System (V3 SOAP) on 127.0.0.1 for local development and tests."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8085)
        parser.add_argument("--username", default="demo-operator")
        parser.add_argument("--key", default="demo-authentication-key", help="Authentication key.")
        parser.add_argument("--client-id", default="eudr-test")
        parser.add_argument("--country", default="PL", help="Operator country carried in reference numbers.")
        parser.add_argument("--polls", type=int, default=1, help="Polls before a statement settles.")
        parser.add_argument(
            "--accounts-file",
            default=None,
            help="More web-service users, one JSON object a line, read again as the file grows "
            "(make run: the service's accounts register there).",
        )

    def handle(self, *args: object, **options: object) -> None:
        account = FakeAccount(
            username=str(options["username"]),
            authentication_key=str(options["key"]),
            client_id=str(options["client_id"]),
            country=str(options["country"]),
        )
        accounts_file = Path(str(options["accounts_file"])) if options["accounts_file"] else None
        fake = FakeEuInformationSystem(
            (account,), polls_until_final=int(options["polls"]), accounts_file=accounts_file
        )
        base_url = fake.start(port=int(options["port"]))
        self.stdout.write(f"Fake EU Information System at {base_url}")
        self.stdout.write(f"  username={account.username} client id={account.client_id}")
        try:
            wait_until_interrupted()
        except KeyboardInterrupt:
            pass
        finally:
            fake.stop()
