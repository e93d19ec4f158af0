"""Run the EU submission outbox once: send what is due, poll what is due (what beat does)."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation
from django.utils.translation import gettext as _

from eu_filing.outbox import eu_submissions_poll, eu_submissions_sweep


class Command(BaseCommand):
    help = "Send due EU submissions and poll due EU statuses once (beat does this in production)."

    def add_arguments(self, parser: CommandParser) -> None:
        # An operator's console speaks English, like make run's lines around it (the
        # server's, migrate's, the fakes'), whatever LANGUAGE_CODE says (issue 43).
        parser.add_argument(
            "--lang",
            choices=[code for code, _name in settings.LANGUAGES],
            default="en",
            help="Output language.",
        )

    def handle(self, *args: object, **options: object) -> None:
        with translation.override(str(options["lang"])):
            self._sync()

    def _sync(self) -> None:
        self.stdout.write(_("EU Information System: %(url)s") % {"url": settings.EU_IS_URL})
        if settings.EU_IS_URL_FROM == "make run":
            recorded = {"file": settings.MAKE_RUN_FILE}
            self.stdout.write(_("  the fake that make run started, as recorded in %(file)s") % recorded)
        elif (
            settings.EU_IS_URL_FROM == "default"
            and settings.EU_IS_URL == settings.EU_IS_ACCEPTANCE_URL
            and not settings.DATABASE_URL
        ):
            # A newcomer's second shell without make run: say so rather than fail on the network.
            raise CommandError(
                _(
                    "Not contacting the EU: this shell uses the embedded defaults, EU_IS_URL is not set "
                    "and no running make run was found (%(file)s is missing or its fake has stopped), "
                    "so this would be the EU's acceptance environment, where the demo account's "
                    "credentials (made for the fake) do not work. Start make run in another shell "
                    "and run this again, or set EU_IS_URL to talk to the EU on purpose."
                )
                % {"file": settings.MAKE_RUN_FILE}
            )
        sent = eu_submissions_sweep(grace_seconds=0)
        polled = eu_submissions_poll()
        self.stdout.write(_("EU outbox: %(sent)d sent, %(polled)d polled") % {"sent": sent, "polled": polled})
