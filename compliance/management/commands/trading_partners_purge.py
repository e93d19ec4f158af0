"""Delete supplier and customer records past their five-year retention (what beat does hourly)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from compliance.downstream import trading_partner_records_purge


class Command(BaseCommand):
    help = "Delete supplier and customer records whose five-year retention period is over (Article 5(4))."

    def handle(self, *args: object, **options: object) -> None:
        deleted = trading_partner_records_purge()
        self.stdout.write(f"Supplier and customer records past retention deleted: {deleted}")
