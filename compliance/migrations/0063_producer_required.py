import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("compliance", "0062_operator_as_producer")]

    operations = [
        migrations.AlterField(
            model_name="ddsplot",
            name="producer",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="plots", to="compliance.ddsproducer"
            ),
        ),
    ]
