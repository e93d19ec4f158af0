# The supplier and customer labels, for the panel in the reader's language (the codes are unchanged).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('compliance', '0068_dds_internal_reference_index'),
    ]

    operations = [
        migrations.AlterField(
            model_name='tradingpartnerrecord',
            name='kind',
            field=models.CharField(choices=[('supplier', 'Supplier'), ('customer', 'Customer')], max_length=8),
        ),
    ]
