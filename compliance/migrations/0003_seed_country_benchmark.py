"""Seed the EU country benchmark of Commission Implementing Regulation (EU) 2025/1093.

High risk: the four countries of Part I of the Annex. Low risk: the EU-27 and
the third countries of Part II that we list here. Every other country is
standard risk, which is also what the Regulation applies to any country not
listed; so a country missing from our low list is treated more strictly,
never more leniently. Staff correct and extend rows in the admin: a later
act is a data change, not a code change.
"""

import datetime

from django.db import migrations

SOURCE = "Commission Implementing Regulation (EU) 2025/1093 of 22 May 2025, Annex"
# Entry into force: twentieth day after publication in the OJ on 23 May 2025.
EFFECTIVE = datetime.date(2025, 6, 12)

HIGH = ["BY", "KP", "MM", "RU"]
EU27 = [
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
    "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
]
LOW_THIRD_COUNTRIES = [
    "AD", "AE", "AL", "AM", "AU", "AZ", "BA", "BH", "CA", "CH", "CN", "EG", "GB", "GE",
    "IL", "IS", "JO", "JP", "KR", "KW", "KZ", "LI", "MA", "MC", "MD", "ME", "MK", "NO",
    "NZ", "OM", "QA", "RS", "SA", "SG", "SM", "TN", "TR", "UA", "US", "UZ", "VA",
]
# Standard-risk producers named explicitly so the table documents them too.
STANDARD = [
    "AR", "BO", "BR", "CD", "CI", "CM", "CO", "EC", "ET", "GH", "GT", "HN", "ID", "MX",
    "MY", "NG", "NI", "PE", "PG", "PY", "TZ", "UG", "VN",
]


def seed(apps, schema_editor):
    CountryBenchmark = apps.get_model("compliance", "CountryBenchmark")
    for codes, risk_class in ((HIGH, "high"), (EU27 + LOW_THIRD_COUNTRIES, "low"), (STANDARD, "standard")):
        for code in codes:
            CountryBenchmark.objects.update_or_create(
                country_code=code,
                defaults={"risk_class": risk_class, "source": SOURCE, "effective_date": EFFECTIVE},
            )


class Migration(migrations.Migration):
    dependencies = [("compliance", "0002_risk_reference_data")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
