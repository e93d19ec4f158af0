"""The EU outbox's models now belong to the eu_filing app (its migration 0001 takes them into
its state); their tables and rows stay as they are."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("compliance", "0066_downstream_roles_partners_concerns"),
        ("eu_filing", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                # The model that points at another moved model first.
                migrations.DeleteModel(name="EuStatusChange"),
                migrations.DeleteModel(name="EuSubmission"),
                migrations.DeleteModel(name="UpstreamReference"),
            ],
        )
    ]
