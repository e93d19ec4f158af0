# The outbox's tables take this app's names; they kept compliance's when the models moved here (0001).
# A rename (ALTER TABLE ... RENAME TO) on SQLite and PostgreSQL: no row moves.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("eu_filing", "0004_upstream_state_and_schedule"),
    ]

    operations = [
        migrations.AlterModelTable(name="eusubmission", table=None),
        migrations.AlterModelTable(name="eustatuschange", table=None),
        migrations.AlterModelTable(name="upstreamreference", table=None),
    ]
