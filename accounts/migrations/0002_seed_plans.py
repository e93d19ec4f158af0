"""Seed the plans of both presentations of the specification (DESIGN 3)."""

from django.db import migrations

ALL = ["verify", "risk", "dds", "webhooks", "csrd"]
PLANS = [
    # code, name, per day, per minute, features
    ("free", "Free", 100, 10, ["verify"]),
    ("starter", "Starter", 100, 10, ["verify"]),
    ("standard", "Standard", 2000, 60, ALL),
    ("pro", "Pro", 10000, 120, ALL),
    ("enterprise", "Enterprise", None, None, ALL),
]


def seed(apps, schema_editor):
    Plan = apps.get_model("accounts", "Plan")
    for code, name, per_day, per_minute, features in PLANS:
        Plan.objects.update_or_create(
            code=code,
            defaults={
                "name": name,
                "daily_limit": per_day,
                "per_minute_limit": per_minute,
                "features": features,
            },
        )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
