# The legal tables take this app's names; they kept compliance's and risk's when the models moved here.
# A rename (ALTER TABLE ... RENAME TO) on SQLite and PostgreSQL: no row moves.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("regulation", "0003_natural_persons_on_the_cutoff"),
    ]

    operations = [
        migrations.AlterModelTable(name="countrybenchmark", table=None),
        migrations.AlterModelTable(name="annexientry", table=None),
        migrations.AlterModelTable(name="applicationdate", table=None),
    ]
