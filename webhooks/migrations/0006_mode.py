from django.db import migrations, models


def events_take_their_mode(apps, schema_editor):
    """Events about test data said so only in `data`; existing endpoints stay live,
    and a test event's sends still waiting for a live endpoint are stopped."""
    Event = apps.get_model("webhooks", "Event")
    Delivery = apps.get_model("webhooks", "Delivery")
    Event.objects.filter(data__livemode=False).update(livemode=False)
    # dds.eu_status_changed carried no `livemode` before: its statement says.
    Statement = apps.get_model("compliance", "DueDiligenceStatement")
    test_ids = list(Statement.objects.filter(livemode=False).values_list("dds_id", flat=True))
    for start in range(0, len(test_ids), 500):
        Event.objects.filter(
            type="dds.eu_status_changed", data__dds_id__in=test_ids[start : start + 500]
        ).update(livemode=False)
    Delivery.objects.filter(
        event__livemode=False, endpoint__livemode=True, status__in=["pending", "failed"]
    ).update(status="dead", next_attempt_at=None, last_error="mode_mismatch")


class Migration(migrations.Migration):
    dependencies = [
        ("webhooks", "0005_event_type_eu_status_changed"),
        ("compliance", "0050_statement_livemode"),
    ]

    operations = [
        migrations.AddField(
            model_name="endpoint",
            name="livemode",
            field=models.BooleanField(default=True, db_default=True),
        ),
        migrations.AddField(
            model_name="event",
            name="livemode",
            field=models.BooleanField(default=True, db_default=True),
        ),
        migrations.RunPython(events_take_their_mode, migrations.RunPython.noop),
    ]
