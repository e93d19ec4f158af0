"""The moved models keep their content types, so staff permissions on them and the admin's
history of their edits stay attached. Where regulation ones already exist (a migrate that
ran part way), the risk ones are left alone."""

from django.db import migrations

MOVED = ("countrybenchmark", "annexientry", "applicationdate")


def _relabel(apps, old, new):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not ContentType.objects.filter(app_label=new, model=model).exists():
            ContentType.objects.filter(app_label=old, model=model).update(app_label=new)
    ContentType.objects.clear_cache()


def to_regulation(apps, schema_editor):
    _relabel(apps, "risk", "regulation")


def to_risk(apps, schema_editor):
    _relabel(apps, "regulation", "risk")


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("regulation", "0001_initial"),
        ("risk", "0006_legal_tables_to_regulation"),
    ]

    operations = [migrations.RunPython(to_regulation, to_risk)]
