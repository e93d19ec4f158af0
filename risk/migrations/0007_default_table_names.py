# The risk engine's older tables take this app's names; they kept compliance's when the models moved here.
# A rename (ALTER TABLE ... RENAME TO) on SQLite and PostgreSQL: no row moves.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("risk", "0006_legal_tables_to_regulation"),
    ]

    operations = [
        migrations.AlterModelTable(name="parcelrecord", table=None),
        migrations.AlterModelTable(name="forestlayerrecord", table=None),
        migrations.AlterModelTable(name="foresttile", table=None),
        migrations.AlterModelTable(name="riskjob", table=None),
        migrations.AlterModelTable(name="riskjobchunk", table=None),
    ]
