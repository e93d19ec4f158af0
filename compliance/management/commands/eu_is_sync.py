"""Run the EU submission outbox once: send what is due, poll what is due (what beat does)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from compliance.eu_submission import eu_submissions_poll, eu_submissions_sweep


class Command(BaseCommand):
    help = "Send due EU submissions and poll due EU statuses once (beat does this in production)."

    def handle(self, *args: object, **options: object) -> None:
        sent = eu_submissions_sweep(grace_seconds=0)
        polled = eu_submissions_poll()
        self.stdout.write(f"EU outbox: {sent} sent, {polled} polled")
