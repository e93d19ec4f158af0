"""Producer numbers are case-blind: stored in capitals, unique whatever their case.

Existing numbers are put in capitals first. Two suppliers of one account whose numbers
differ only in case cannot be merged by a migration (each may carry mandates and filings):
the migration then stops and names them, for the account to settle before it runs again.
"""

from collections import defaultdict

import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models


def producer_numbers_in_capitals(apps, schema_editor):
    Supplier = apps.get_model("suppliers", "Supplier")
    groups = defaultdict(list)
    for supplier in Supplier.objects.only("id", "owner_id", "livemode", "producer_number"):
        groups[(supplier.owner_id, supplier.livemode, supplier.producer_number.strip().upper())].append(
            supplier
        )
    clashes = {key: found for key, found in groups.items() if len(found) > 1}
    if clashes:
        listed = "; ".join(
            f"account {owner} ({'live' if live else 'test'}): "
            + ", ".join(repr(s.producer_number) for s in found)
            for (owner, live, _), found in clashes.items()
        )
        raise RuntimeError(
            "Suppliers whose producer numbers differ only in case must be settled before "
            f"producer numbers become case-blind: {listed}"
        )
    for (_owner, _live, normal), (supplier,) in groups.items():
        if supplier.producer_number != normal:
            Supplier.objects.filter(id=supplier.id).update(producer_number=normal)


class Migration(migrations.Migration):
    dependencies = [
        ("suppliers", "0006_mandates_hold_what_was_authorised"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(producer_numbers_in_capitals, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name="supplier",
            name="one_supplier_per_producer_number",
        ),
        migrations.AddConstraint(
            model_name="supplier",
            constraint=models.UniqueConstraint(
                models.F("owner"),
                models.F("livemode"),
                django.db.models.functions.text.Upper("producer_number"),
                name="one_supplier_per_producer_number_any_case",
            ),
        ),
    ]
