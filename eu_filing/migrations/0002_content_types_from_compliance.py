"""The moved models keep their content types, so staff permissions on them and the admin's
history of their edits stay attached. Where eu_filing ones already exist (a migrate that
ran part way), the compliance ones are left alone."""

from django.db import migrations

MOVED = ("eusubmission", "eustatuschange", "upstreamreference")


def _relabel(apps, old, new):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not ContentType.objects.filter(app_label=new, model=model).exists():
            ContentType.objects.filter(app_label=old, model=model).update(app_label=new)
    ContentType.objects.clear_cache()


def to_eu_filing(apps, schema_editor):
    _relabel(apps, "compliance", "eu_filing")


def to_compliance(apps, schema_editor):
    _relabel(apps, "eu_filing", "compliance")


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("eu_filing", "0001_initial"),
        ("compliance", "0067_eu_outbox_to_eu_filing"),
    ]

    operations = [migrations.RunPython(to_eu_filing, to_compliance)]
