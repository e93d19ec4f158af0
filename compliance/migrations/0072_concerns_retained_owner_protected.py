"""Records under retention cannot be deleted by deleting their owner; concerns get a retention period.

The owner foreign keys of supplier and customer records and of substantiated concerns were
CASCADE: deleting a user in the admin deleted records the law keeps five years. They now use
`eudr_service.lib.retention.protect_while_retained` (refused while any record is retained,
cascading otherwise). A concern is kept five years from the day it was received
(regulation.roles.RETENTION_RULES); existing concerns get that day.
"""

import datetime

from django.conf import settings
from django.db import migrations, models

import eudr_service.lib.retention

YEARS = 5  # regulation.roles.CONCERN_RECORDS_RETENTION_YEARS when this was written


def _end(day: datetime.date) -> datetime.date:
    try:
        return day.replace(year=day.year + YEARS)
    except ValueError:
        return datetime.date(day.year + YEARS, 3, 1)


def fill_retained_until(apps, schema_editor):
    Concern = apps.get_model("compliance", "SubstantiatedConcern")
    for concern in Concern.objects.filter(retained_until__isnull=True).only("id", "received_on"):
        Concern.objects.filter(pk=concern.pk).update(retained_until=_end(concern.received_on))


class Migration(migrations.Migration):
    dependencies = [
        ("compliance", "0071_owner_list_index"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="substantiatedconcern",
            name="retained_until",
            field=models.DateField(db_index=True, null=True, help_text="Kept at least until this day"),
        ),
        migrations.RunPython(fill_retained_until, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="substantiatedconcern",
            name="retained_until",
            field=models.DateField(db_index=True, help_text="Kept at least until this day"),
        ),
        migrations.AlterField(
            model_name="substantiatedconcern",
            name="owner",
            field=models.ForeignKey(
                on_delete=eudr_service.lib.retention.protect_while_retained,
                related_name="substantiated_concerns",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="tradingpartnerrecord",
            name="owner",
            field=models.ForeignKey(
                on_delete=eudr_service.lib.retention.protect_while_retained,
                related_name="trading_partner_records",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
    ]
