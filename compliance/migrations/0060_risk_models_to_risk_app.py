# The risk engine's models moved to the risk app (risk/migrations/0001_initial.py).
# Only Django's record of them changes here: the tables stay where they are, under
# their compliance_* names, with their data.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('compliance', '0055_risk_job_livemode'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                # Models that point at another moved model first.
                migrations.DeleteModel(name='ForestTile'),
                migrations.DeleteModel(name='RiskJobChunk'),
                migrations.DeleteModel(name='ForestLayerRecord'),
                migrations.DeleteModel(name='RiskJob'),
                migrations.DeleteModel(name='ParcelRecord'),
                migrations.DeleteModel(name='AnnexIEntry'),
                migrations.DeleteModel(name='CountryBenchmark'),
            ],
        ),
    ]
