"""Serve the ULDK stand-in on loopback until interrupted (local development only)."""

from __future__ import annotations

import threading

from django.core.management.base import BaseCommand, CommandParser, no_translations
from django.utils.translation import gettext as _

from standins.uldk import PARCELS, UldkStandIn


class Command(BaseCommand):
    help = "Run a stand-in for GUGiK's ULDK parcel service on 127.0.0.1 (make run; never in production)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8086)

    # make run's console speaks one language, English, like the server's, migrate's, the fake
    # EU's and seed_demo's lines around it (issue 43).
    @no_translations
    def handle(self, *args: object, **options: object) -> None:
        standin = UldkStandIn()
        base_url = standin.start(port=int(options["port"]))
        self.stdout.write(_("ULDK stand-in at %(url)s; it knows these parcels:") % {"url": base_url})
        for parcel in PARCELS:
            self.stdout.write(f"  {parcel.id}  {parcel.voivodeship}, {parcel.commune}")
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
        finally:
            standin.stop()
