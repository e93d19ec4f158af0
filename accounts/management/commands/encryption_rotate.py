"""Re-encrypt every encrypted column under the newest ENCRYPTION_KEYS entry.

Key rotation: put the new key first in ENCRYPTION_KEYS (keep the old ones after
it), deploy, run this command, then remove the old keys. Safe to run twice.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.db import connection, transaction

from eudr_service.lib.encryption import encrypted_fields, reencrypt


class Command(BaseCommand):
    help = "Re-encrypt every encrypted column under the first ENCRYPTION_KEYS entry."

    def handle(self, *args, **options) -> None:
        qn = connection.ops.quote_name
        for model, name in encrypted_fields():
            table, pk = qn(model._meta.db_table), qn(model._meta.pk.column)
            column = qn(model._meta.get_field(name).column)
            # Raw tokens in, raw tokens out: the model field would decrypt on read.
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f"SELECT {pk}, {column} FROM {table} WHERE {column} <> ''")
                rows = cursor.fetchall()
                for key, token in rows:
                    cursor.execute(
                        f"UPDATE {table} SET {column} = %s WHERE {pk} = %s", [reencrypt(token), key]
                    )
            self.stdout.write(f"{model._meta.label}.{name}: {len(rows)} values re-encrypted")
