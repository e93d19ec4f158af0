"""The EU outbox's models move from the compliance app to this one: state only.

Their tables stay where they are, with their rows (`compliance_eusubmission`,
`compliance_eustatuschange`, `compliance_upstreamreference`); compliance's migration 0067
drops the models from its own state.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("compliance", "0066_downstream_roles_partners_concerns"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='EuSubmission',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('internal_reference', models.CharField(help_text='Sent as internalReferenceNumber', max_length=35, unique=True)),
                        ('state', models.CharField(choices=[('pending', 'waiting to be sent'), ('no_credentials', "waiting for the account's EU credentials"), ('submitted', 'accepted by the EU, waiting for its final status'), ('final', 'the EU gave a final status'), ('refused', 'refused by the EU (business rule, permission or credentials)')], default='pending', max_length=16)),
                        ('eu_status', models.CharField(blank=True, help_text='EudrStatusType as the EU last gave it', max_length=16)),
                        ('eu_uuid', models.CharField(blank=True, max_length=36, verbose_name='EU identifier')),
                        ('reference_number', models.CharField(blank=True, max_length=14)),
                        ('verification_number', models.CharField(blank=True, max_length=35)),
                        ('error_codes', models.JSONField(blank=True, default=list, help_text="The EU's error codes when refused")),
                        ('error_message', models.TextField(blank=True)),
                        ('attempt_id', models.UUIDField(blank=True, null=True)),
                        ('attempt_started_at', models.DateTimeField(blank=True, null=True)),
                        ('attempts', models.PositiveIntegerField(default=0)),
                        ('next_attempt_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('polls', models.PositiveIntegerField(default=0)),
                        ('next_poll_at', models.DateTimeField(blank=True, null=True)),
                        ('submitted_at', models.DateTimeField(blank=True, help_text='When the EU accepted it', null=True)),
                        ('unavailable_since', models.DateTimeField(blank=True, null=True)),
                        ('eu_status_at', models.DateTimeField(blank=True, help_text='When we learnt the EU status', null=True)),
                        ('withdrawn_at', models.DateTimeField(blank=True, null=True)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('statement', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='eu_submission', to='compliance.duediligencestatement')),
                    ],
                    options={
                        'db_table': 'compliance_eusubmission',
                        'indexes': [
                            models.Index(fields=['state', 'next_attempt_at'], name='eu_submission_due'),
                            models.Index(fields=['state', 'next_poll_at'], name='eu_submission_poll_due'),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name='EuStatusChange',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('from_status', models.CharField(blank=True, max_length=16)),
                        ('to_status', models.CharField(max_length=16)),
                        ('changed_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('detail', models.TextField(blank=True)),
                        ('submission', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='history', to='eu_filing.eusubmission')),
                    ],
                    options={
                        'db_table': 'compliance_eustatuschange',
                        'ordering': ['changed_at', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='UpstreamReference',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('reference_number', models.CharField(max_length=14)),
                        ('verification_number', models.CharField(max_length=35)),
                        ('supplier', models.CharField(blank=True, max_length=200)),
                        ('note', models.CharField(blank=True, max_length=300)),
                        ('result', models.CharField(blank=True, max_length=24)),
                        ('eu_status', models.CharField(blank=True, max_length=16)),
                        ('eu_checked_at', models.DateTimeField(blank=True, help_text="The EU's dateTime of the answer", null=True)),
                        ('error_message', models.CharField(blank=True, max_length=500)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='upstream_references', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'compliance_upstreamreference',
                        'ordering': ['-created_at', '-id'],
                        'constraints': [models.UniqueConstraint(fields=('owner', 'reference_number', 'verification_number'), name='unique_upstream_reference')],
                    },
                ),
            ],
        )
    ]
