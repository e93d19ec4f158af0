"""The legal reference tables now belong to the regulation app (its migration 0001 takes
them into its state); their tables and rows stay as they are."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("risk", "0005_crude_glycerol_from_2027_12_30"),
        ("regulation", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="AnnexIEntry"),
                migrations.DeleteModel(name="ApplicationDate"),
                migrations.DeleteModel(name="CountryBenchmark"),
            ],
        )
    ]
