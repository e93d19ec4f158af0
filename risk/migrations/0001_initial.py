# The risk engine's models, moved from the compliance app: Django's record of them only.
# The tables keep their compliance_* names (Meta.db_table) and their data; the compliance
# app forgot the models in compliance/migrations/0060_risk_models_to_risk_app.py.

import django.db.models.deletion
import django.utils.timezone
import risk.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('compliance', '0060_risk_models_to_risk_app'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='ForestLayerRecord',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=100, unique=True)),
                        ('kind', models.CharField(max_length=32)),
                        ('path', models.CharField(help_text='GeoTIFF, VRT or http(s) address', max_length=500)),
                        ('active', models.BooleanField(default=True)),
                        ('registered_at', models.DateTimeField(auto_now_add=True)),
                        ('product', models.CharField(blank=True, help_text='e.g. jrc_gfc2020, hansen_lossyear', max_length=32)),
                        ('version', models.CharField(blank=True, help_text="publisher's version, e.g. V4", max_length=32)),
                        ('remote', models.BooleanField(default=False, help_text='tiles read by range requests, not downloaded')),
                        ('licence', models.CharField(blank=True, max_length=300)),
                        ('citation', models.TextField(blank=True)),
                        ('source_url', models.CharField(blank=True, help_text="publisher's page or folder", max_length=500)),
                    ],
                    options={
                        'db_table': 'compliance_forestlayerrecord',
                        'ordering': ['registered_at', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='ParcelRecord',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('parcel_id', models.CharField(max_length=64, unique=True)),
                        ('teryt', models.CharField(max_length=16)),
                        ('voivodeship', models.CharField(max_length=64)),
                        ('county', models.CharField(max_length=64)),
                        ('commune', models.CharField(max_length=64)),
                        ('geometry_wkt', models.TextField(help_text='EPSG:4326, longitude-latitude order')),
                        ('fetched_at', models.DateTimeField()),
                    ],
                    options={
                        'db_table': 'compliance_parcelrecord',
                    },
                ),
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
                migrations.CreateModel(
                    name='RiskJob',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('public_id', models.CharField(default=risk.models._risk_job_id, editable=False, max_length=32, unique=True)),
                        ('status', models.CharField(choices=[('queued', 'queued'), ('running', 'running'), ('done', 'done'), ('cancelled', 'cancelled')], default='queued', max_length=12)),
                        ('total', models.PositiveIntegerField()),
                        ('done', models.PositiveIntegerField(default=0)),
                        ('counts', models.JSONField(default=dict, help_text='plots by risk level, when finished')),
                        ('options', models.JSONField(default=dict, help_text='commodity code, radius_km, country as sent')),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('expires_at', models.DateTimeField(blank=True, help_text='results deleted after this', null=True)),
                        ('livemode', models.BooleanField(default=True)),
                        ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='risk_jobs', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'compliance_riskjob',
                        'ordering': ['-created_at'],
                    },
                ),
                migrations.CreateModel(
                    name='RiskJobChunk',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('index', models.PositiveIntegerField()),
                        ('start', models.PositiveIntegerField(help_text="index of the chunk's first plot in the job")),
                        ('status', models.CharField(choices=[('pending', 'pending'), ('running', 'running'), ('done', 'done')], default='pending', max_length=10)),
                        ('plots', models.JSONField()),
                        ('results', models.JSONField(blank=True, null=True)),
                        ('attempts', models.PositiveIntegerField(default=0)),
                        ('started_at', models.DateTimeField(blank=True, null=True)),
                        ('job', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chunks', to='risk.riskjob')),
                    ],
                    options={
                        'db_table': 'compliance_riskjobchunk',
                        'ordering': ['job_id', 'index'],
                    },
                ),
                migrations.CreateModel(
                    name='ForestTile',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('tile_id', models.CharField(help_text="publisher's name, e.g. N60_E10 or 60N_010E", max_length=16)),
                        ('url', models.CharField(help_text='where it was fetched from', max_length=500)),
                        ('path', models.CharField(blank=True, help_text='local file; blank when read remotely', max_length=500)),
                        ('west', models.FloatField()),
                        ('south', models.FloatField()),
                        ('east', models.FloatField()),
                        ('north', models.FloatField()),
                        ('size_bytes', models.BigIntegerField()),
                        ('md5', models.CharField(blank=True, help_text="checked against the publisher's when given", max_length=32)),
                        ('grid', models.JSONField(help_text='width, height, transform, dtype, nodata: enough to rebuild the mosaic')),
                        ('fetched_at', models.DateTimeField()),
                        ('layer', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tiles', to='risk.forestlayerrecord')),
                    ],
                    options={
                        'db_table': 'compliance_foresttile',
                        'ordering': ['layer_id', '-north', 'west'],
                        'constraints': [models.UniqueConstraint(fields=('layer', 'tile_id'), name='forest_tile_unique_per_layer')],
                    },
                ),
                migrations.AddIndex(
                    model_name='riskjob',
                    index=models.Index(fields=['expires_at'], name='risk_job_expires'),
                ),
                migrations.AddIndex(
                    model_name='riskjobchunk',
                    index=models.Index(fields=['status', 'started_at'], name='risk_job_chunk_sweep'),
                ),
                migrations.AddConstraint(
                    model_name='riskjobchunk',
                    constraint=models.UniqueConstraint(fields=('job', 'index'), name='risk_job_chunk_unique'),
                ),
            ],
        ),
    ]
