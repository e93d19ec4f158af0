# The moved models keep their content types, so staff permissions on them and the
# admin's history of their edits stay attached. On a database where the risk ones
# were already created (a migrate that ran part way), the compliance ones are left alone.

from django.db import migrations

MOVED = ('countrybenchmark', 'annexientry', 'parcelrecord', 'forestlayerrecord', 'foresttile', 'riskjob', 'riskjobchunk')


def _relabel(apps, old, new):
    ContentType = apps.get_model('contenttypes', 'ContentType')
    for model in MOVED:
        if not ContentType.objects.filter(app_label=new, model=model).exists():
            ContentType.objects.filter(app_label=old, model=model).update(app_label=new)
    ContentType.objects.clear_cache()


def to_risk(apps, schema_editor):
    _relabel(apps, 'compliance', 'risk')


def to_compliance(apps, schema_editor):
    _relabel(apps, 'risk', 'compliance')


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('risk', '0001_initial'),
    ]

    operations = [migrations.RunPython(to_risk, to_compliance)]
