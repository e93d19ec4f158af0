"""The legal reference tables move from the risk app to this one: state only.

Their tables stay where they are (`compliance_countrybenchmark`, `compliance_annexientry`,
`risk_applicationdate`); risk's migration 0006 drops the models from its own state.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [("risk", "0005_crude_glycerol_from_2027_12_30")]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='AnnexIEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('commodity', models.CharField(help_text='Relevant commodity (Article 2(1))', max_length=16)),
                        ('hs_code', models.CharField(help_text='Heading or subheading as the Annex writes it', max_length=16)),
                        ('description', models.CharField(max_length=400)),
                        ('applies_from', models.DateField()),
                        ('applies_until', models.DateField(blank=True, help_text='First date the line no longer applies', null=True)),
                        ('act', models.CharField(help_text='The act that put the line there', max_length=120)),
                        ('removed_by', models.CharField(blank=True, help_text='The act that ended it, if any', max_length=120)),
                        ('note', models.TextField(blank=True, help_text='What was checked, and any doubt')),
                    ],
                    options={
                        'verbose_name': 'Annex I entry',
                        'verbose_name_plural': 'Annex I entries',
                        'db_table': 'compliance_annexientry',
                        'ordering': ['commodity', 'hs_code', 'applies_from'],
                        'constraints': [models.UniqueConstraint(fields=('commodity', 'hs_code', 'applies_from'), name='unique_annex_entry_per_date')],
                    },
                ),
                migrations.CreateModel(
                    name='ApplicationDate',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('category', models.CharField(choices=[('general', 'operators and traders (Article 38(2))'), ('micro_small', 'natural persons, micro and small undertakings (Article 38(3))')], max_length=16)),
                        ('applies_from', models.DateField(help_text='Date the obligations apply from, as this act set it')),
                        ('established_by', models.DateField(blank=True, help_text='micro_small: the undertaking must have been established as micro or small by this date', null=True)),
                        ('natural_persons', models.BooleanField(default=False, help_text='micro_small: the act names natural persons, who get the date whatever their establishment')),
                        ('excepted_commodities', models.CharField(blank=True, help_text='Commodity codes, space-separated, whose products the date does not cover', max_length=120)),
                        ('act', models.CharField(help_text='The act that set the date', max_length=120)),
                        ('provision', models.CharField(help_text='Article and paragraph, as amended by the act', max_length=200)),
                        ('source', models.TextField(help_text='Where the row was checked, and what was found')),
                        ('valid_from', models.DateField(help_text="Date the act's text applies from (its entry into force)")),
                        ('valid_until', models.DateField(blank=True, help_text='Entry into force of the act that replaced it; empty while current', null=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'db_table': 'risk_applicationdate',
                        'ordering': ['category', 'valid_from'],
                        'constraints': [models.UniqueConstraint(fields=('category', 'valid_from'), name='unique_application_date_per_act')],
                    },
                ),
                migrations.CreateModel(
                    name='CountryBenchmark',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('country_code', models.CharField(help_text='ISO 3166-1 alpha-2', max_length=2)),
                        ('risk_class', models.CharField(choices=[('low', 'low'), ('standard', 'standard'), ('high', 'high')], max_length=8)),
                        ('act', models.CharField(help_text='The act that classified the country', max_length=120)),
                        ('source', models.TextField(help_text='Where the row was checked, and what was found')),
                        ('valid_from', models.DateField(help_text="Date the act's classification applies from")),
                        ('valid_until', models.DateField(blank=True, help_text='First date it no longer applies; empty while current', null=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'db_table': 'compliance_countrybenchmark',
                        'ordering': ['country_code', 'valid_from'],
                        'constraints': [models.UniqueConstraint(fields=('country_code', 'valid_from'), name='unique_benchmark_per_date')],
                    },
                ),
            ],
        )
    ]
