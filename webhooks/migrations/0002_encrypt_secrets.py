"""Signing secrets encrypted at rest: widen the columns, then encrypt the stored values.

Raw SQL on purpose: the model field would try to decrypt the plain values it reads.
"""

from django.db import migrations

import eudr_service.lib.encryption
from eudr_service.lib.encryption import decrypt, encrypt

_COLUMNS = ("secret", "previous_secret")


def _convert(schema_editor, convert) -> None:
    connection = schema_editor.connection
    table = connection.ops.quote_name("webhooks_endpoint")
    columns = ", ".join(connection.ops.quote_name(c) for c in _COLUMNS)
    assignments = ", ".join(f"{connection.ops.quote_name(c)} = %s" for c in _COLUMNS)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, {columns} FROM {table}")  # noqa: S608 (names are constants)
        rows = cursor.fetchall()
        for pk, *values in rows:
            cursor.execute(
                f"UPDATE {table} SET {assignments} WHERE id = %s",  # noqa: S608
                [convert(v) if v else v for v in values] + [pk],
            )


def encrypt_secrets(apps, schema_editor) -> None:
    _convert(schema_editor, encrypt)


def decrypt_secrets(apps, schema_editor) -> None:
    _convert(schema_editor, decrypt)


class Migration(migrations.Migration):
    dependencies = [
        ("webhooks", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="endpoint",
            name="previous_secret",
            field=eudr_service.lib.encryption.EncryptedTextField(blank=True),
        ),
        migrations.AlterField(
            model_name="endpoint",
            name="secret",
            field=eudr_service.lib.encryption.EncryptedTextField(),
        ),
        migrations.RunPython(encrypt_secrets, decrypt_secrets, elidable=False),
    ]
