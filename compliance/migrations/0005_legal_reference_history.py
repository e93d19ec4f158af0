"""Country benchmark rows become periods (history kept); Annex I becomes a table."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("compliance", "0004_dds_filing")]

    operations = [
        migrations.AlterField(
            model_name="countrybenchmark",
            name="country_code",
            field=models.CharField(help_text="ISO 3166-1 alpha-2", max_length=2),
        ),
        migrations.RenameField(
            model_name="countrybenchmark", old_name="effective_date", new_name="valid_from"
        ),
        migrations.AlterField(
            model_name="countrybenchmark",
            name="valid_from",
            field=models.DateField(help_text="Date the act's classification applies from"),
        ),
        migrations.AddField(
            model_name="countrybenchmark",
            name="valid_until",
            field=models.DateField(
                blank=True, help_text="First date it no longer applies; empty while current", null=True
            ),
        ),
        migrations.AddField(
            model_name="countrybenchmark",
            name="act",
            field=models.CharField(
                default="", help_text="The act that classified the country", max_length=120
            ),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="countrybenchmark",
            name="source",
            field=models.TextField(help_text="Where the row was checked, and what was found"),
        ),
        migrations.AlterModelOptions(
            name="countrybenchmark", options={"ordering": ["country_code", "valid_from"]}
        ),
        migrations.AddConstraint(
            model_name="countrybenchmark",
            constraint=models.UniqueConstraint(
                fields=("country_code", "valid_from"), name="unique_benchmark_per_date"
            ),
        ),
        migrations.CreateModel(
            name="AnnexIEntry",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("commodity", models.CharField(help_text="Relevant commodity (Article 2(1))", max_length=16)),
                (
                    "hs_code",
                    models.CharField(help_text="Heading or subheading as the Annex writes it", max_length=16),
                ),
                ("description", models.CharField(max_length=400)),
                ("applies_from", models.DateField()),
                (
                    "applies_until",
                    models.DateField(
                        blank=True, help_text="First date the line no longer applies", null=True
                    ),
                ),
                ("act", models.CharField(help_text="The act that put the line there", max_length=120)),
                (
                    "removed_by",
                    models.CharField(blank=True, help_text="The act that ended it, if any", max_length=120),
                ),
                ("note", models.TextField(blank=True, help_text="What was checked, and any doubt")),
            ],
            options={
                "verbose_name": "Annex I entry",
                "verbose_name_plural": "Annex I entries",
                "ordering": ["commodity", "hs_code", "applies_from"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("commodity", "hs_code", "applies_from"), name="unique_annex_entry_per_date"
                    )
                ],
            },
        ),
    ]
