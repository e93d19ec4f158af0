from django.db import migrations, models


def events_take_their_mode(apps, schema_editor):
    """Events about test data said so only in `data`; existing endpoints stay live,
    and a test event's sends still waiting for a live endpoint are stopped."""
    Event = apps.get_model("webhooks", "Event")
    Delivery = apps.get_model("webhooks", "Delivery")
    Event.objects.filter(data__livemode=False).update(livemode=False)
    Delivery.objects.filter(
        event__livemode=False, endpoint__livemode=True, status__in=["pending", "failed"]
    ).update(status="dead", next_attempt_at=None, last_error="mode_mismatch")


class Migration(migrations.Migration):
    dependencies = [
        ("webhooks", "0005_event_type_eu_status_changed"),
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
