"""Natural persons get Article 38(3)'s later date only if established as such by the cut-off.

Article 38(3) as amended by Regulation (EU) 2025/2650: "for operators, whether natural persons
or micro- or small undertakings ..., who were established as such by 31 December 2024" (the
consolidated text 02023R1115-20251226 as a third party transcribed it verbatim). The field's
help text said natural persons got the date "whatever their establishment"; the code now applies
the same cut-off (regulation.regime.obligations_apply_from). The current row's `source` gets
the wording, and the rows that said all wood was excepted say how the Annex is applied now.
"""

from django.db import migrations, models

ARTICLE_38_3 = (
    " Article 38(3) as amended, verbatim from the consolidated text 02023R1115-20251226 (third-party "
    "transcription, 12.9.2026; not read in the OJ here): 'Except as regards the products covered by the "
    "Annex to Regulation (EU) No 995/2010, for operators, whether natural persons or micro- or small "
    "undertakings within the meaning of Article 3(1) or Article 3(2), first subparagraph, respectively, "
    "of Directive 2013/34/EU, irrespective of their legal form, who were established as such by "
    "31 December 2024, the Articles referred to in paragraph 2 of this Article shall apply from "
    "30 June 2027.' Natural persons are on the same cut-off; only operators are named."
)
OLD_WOOD = "Applied to all wood: we hold no list of the products of that Annex."
NEW_WOOD = (
    "Applied per product code by regulation.timber_regulation (the Annex's lines under today's "
    "tariff codes); the row names the commodity, wood."
)


def record_the_wording(apps, schema_editor):
    ApplicationDate = apps.get_model("regulation", "ApplicationDate")
    for row in ApplicationDate.objects.filter(category="micro_small"):
        source = row.source.replace(OLD_WOOD, NEW_WOOD)
        if row.act == "Regulation (EU) 2025/2650" and ARTICLE_38_3 not in source:
            source += ARTICLE_38_3
        if source != row.source:
            row.source = source
            row.save(update_fields=["source"])


class Migration(migrations.Migration):
    dependencies = [
        ("regulation", "0002_content_types_from_risk"),
    ]

    operations = [
        migrations.AlterField(
            model_name="applicationdate",
            name="natural_persons",
            field=models.BooleanField(
                default=False,
                help_text="micro_small: the act names natural persons, who get the date on the same cut-off "
                "(established_by)",
            ),
        ),
        migrations.RunPython(record_the_wording, migrations.RunPython.noop),
    ]
