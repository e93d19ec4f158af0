from django.db import migrations


def operator_as_producer(apps, schema_editor):
    """Statements filed before producers could be named: the operator produced the goods."""
    Commodity = apps.get_model("compliance", "DDSCommodity")
    Producer = apps.get_model("compliance", "DDSProducer")
    Plot = apps.get_model("compliance", "DDSPlot")
    for line in Commodity.objects.select_related("statement").iterator():
        producer = Producer.objects.create(
            commodity=line,
            position=0,
            name=line.statement.operator_name,
            country=line.country_of_production,
            is_operator=True,
        )
        Plot.objects.filter(commodity=line).update(producer=producer)


class Migration(migrations.Migration):
    # Separate from the schema changes and the NOT NULL below: PostgreSQL refuses to alter a
    # table with pending trigger events in the same transaction.
    dependencies = [("compliance", "0061_producers_quantities_contacts")]

    operations = [migrations.RunPython(operator_as_producer, migrations.RunPython.noop)]
