"""Dates of application of Regulation (EU) 2023/1115 (Article 38) as rows, with their history.

Until now they were constants in compliance/regime.py holding only the latest dates. Each act
that set them is a row per category, valid from that act's entry into force until the next
one's, so the earlier dates stay on record:

- Regulation (EU) 2023/1115 as first published (OJ L 150, 9.6.2023; in force 29.6.2023):
  30.12.2024; 30.6.2025 for micro and small undertakings established as such by 31.12.2020.
- Regulation (EU) 2024/3234 (OJ L, 23.12.2024): 30.12.2025; 30.6.2026.
- Regulation (EU) 2025/2650 (OJ L, 23.12.2025; in force 26.12.2025): 30.12.2026; 30.6.2027
  for natural persons and micro and small undertakings established as such by 31.12.2024.

Article 38(3) excepts "the products covered in the Annex to Regulation (EU) No 995/2010"
(timber under the EU Timber Regulation) from the later date. The rows' `excepted_commodities`
("wood") name the commodity that Annex is about; which of its products are excepted is decided
per code by `regulation.timber_regulation` (the Annex's lines under today's tariff codes): a
micro or small operator of wood charcoal (4402) gets the later date, one of sawn wood (4407)
the general date, and a wood line without a code the general date. (When this migration was
written no list was held and all wood got the general date; the sources below keep that
wording as it was recorded. Natural persons, named by 2025/2650, are on the same cut-off:
regulation/migrations/0003_natural_persons_on_the_cutoff.py.) Each row's `source` says what
was checked and what was not; docs/regulation.md lists the same.
"""

import datetime

from django.db import migrations, models

D = datetime.date
R1115 = "Regulation (EU) 2023/1115"
R3234 = "Regulation (EU) 2024/3234"
R2650 = "Regulation (EU) 2025/2650"
IN_FORCE_1115 = D(2023, 6, 29)
IN_FORCE_3234 = D(2024, 12, 26)
IN_FORCE_2650 = D(2025, 12, 26)

_ORIGINAL = (
    "Dates of the text as first published (OJ L 150, 9.6.2023): confirmed by the Commission's "
    "page on the Regulation's timelines (green-business.ec.europa.eu: in force 29.6.2023, "
    "Article 38(2) from 30.12.2024, 30.6.2025 for micro and small enterprises)."
)
_ORIGINAL_SMALL = (
    _ORIGINAL + " Article 38(3) quoted by eudrinstitute.eu: 'Except as regards the products covered "
    "in the Annex to Regulation (EU) No 995/2010, for operators that by 31 December 2020 were "
    "established as micro-undertakings or small undertakings ...'. Applied to all wood: we hold "
    "no list of the products of that Annex."
)
_3234 = (
    "Dates confirmed by the Council's and secondary reports of the adopted act (gpasa.pt 23.12.2024, "
    "Herbert Smith Freehills 2024, europedirectnavarra.eu 19.12.2024). OJ text not read: the entry "
    "into force (taken as 26.12.2024, the third day after publication on 23.12.2024) is not confirmed."
)
_3234_SMALL = (
    _3234 + " The act only moved the dates: the establishment cut-off 31.12.2020 and the exception "
    "of the products of the Annex to Regulation (EU) No 995/2010 stayed (eudrinstitute.eu, 2025, "
    "reading Article 38(3) with the 30.6.2026 date); not confirmed against the OJ text."
)
_2650 = (
    "OJ L, 23.12.2025 (CELEX 32025R2650), of which only the opening was readable to us; dates "
    "confirmed by the European Parliament's press release on the agreement (4.12.2025), "
    "freshfields.com, natlawreview.com (17.2.2026), sarawaktribune.com (OJ publication 23.12.2025). "
    "Entry into force 26.12.2025: secondary sources (consolidated text applicable from that date); "
    "the OJ article is not confirmed."
)
_2650_SMALL = (
    _2650 + " Natural persons and micro and small undertakings established as such by 31.12.2024: "
    "European Parliament press release ('private individuals and micro- or small enterprises'), "
    "trusty.id on the Commission's FAQ version 5 (reference date 31.12.2024). That the exception "
    "of the products of the Annex to Regulation (EU) No 995/2010 stays is reported from the "
    "Commission's Access2Markets news of December 2025, not confirmed against the OJ text."
)

# (category, applies_from, established_by, natural_persons, excepted, act, provision, source,
#  valid_from, valid_until)
ROWS = [
    ("general", D(2024, 12, 30), None, False, "", R1115,
     "Article 38(2) of Regulation (EU) 2023/1115 as first published", _ORIGINAL,
     IN_FORCE_1115, IN_FORCE_3234),
    ("micro_small", D(2025, 6, 30), D(2020, 12, 31), False, "wood", R1115,
     "Article 38(3) of Regulation (EU) 2023/1115 as first published", _ORIGINAL_SMALL,
     IN_FORCE_1115, IN_FORCE_3234),
    ("general", D(2025, 12, 30), None, False, "", R3234,
     "Article 38(2) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2024/3234", _3234,
     IN_FORCE_3234, IN_FORCE_2650),
    ("micro_small", D(2026, 6, 30), D(2020, 12, 31), False, "wood", R3234,
     "Article 38(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2024/3234", _3234_SMALL,
     IN_FORCE_3234, IN_FORCE_2650),
    ("general", D(2026, 12, 30), None, False, "", R2650,
     "Article 38(2) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650", _2650,
     IN_FORCE_2650, None),
    ("micro_small", D(2027, 6, 30), D(2024, 12, 31), True, "wood", R2650,
     "Article 38(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650", _2650_SMALL,
     IN_FORCE_2650, None),
]


def seed(apps, schema_editor):
    ApplicationDate = apps.get_model("risk", "ApplicationDate")
    for (category, applies_from, established_by, natural_persons, excepted, act, provision, source,
         valid_from, valid_until) in ROWS:
        ApplicationDate.objects.update_or_create(
            category=category,
            valid_from=valid_from,
            defaults={
                "applies_from": applies_from,
                "established_by": established_by,
                "natural_persons": natural_persons,
                "excepted_commodities": excepted,
                "act": act,
                "provision": provision,
                "source": source,
                "valid_until": valid_until,
            },
        )


class Migration(migrations.Migration):

    dependencies = [
        ('risk', '0002_content_types_from_compliance'),
    ]

    operations = [
        migrations.CreateModel(
            name='ApplicationDate',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('category', models.CharField(choices=[('general', 'operators and traders (Article 38(2))'), ('micro_small', 'natural persons, micro and small undertakings (Article 38(3))')], max_length=16)),
                ('applies_from', models.DateField(help_text='Date the obligations apply from, as this act set it')),
                ('established_by', models.DateField(blank=True, help_text='micro_small: the undertaking must have been established as micro or small by this date', null=True)),
                ('natural_persons', models.BooleanField(default=False, help_text='micro_small: the act names natural persons, who get the date whatever their establishment')),
                ('excepted_commodities', models.CharField(blank=True, help_text='Commodity codes, space-separated, whose products the date does not cover', max_length=120)),
                ('act', models.CharField(help_text='The act that set the date', max_length=120)),
                ('provision', models.CharField(help_text='Article and paragraph, as amended by the act', max_length=200)),
                ('source', models.TextField(help_text='Where the row was checked, and what was found')),
                ('valid_from', models.DateField(help_text="Date the act's text applies from (its entry into force)")),
                ('valid_until', models.DateField(blank=True, help_text='Entry into force of the act that replaced it; empty while current', null=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
            ],
            options={
                'ordering': ['category', 'valid_from'],
                'constraints': [models.UniqueConstraint(fields=('category', 'valid_from'), name='unique_application_date_per_act')],
            },
        ),
        migrations.RunPython(seed, migrations.RunPython.noop),
    ]
