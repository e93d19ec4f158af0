"""The full Annex of Implementing Regulation (EU) 2025/1093, replacing the partial seed of 0003.

0003 listed 66 low countries (74 missing), had IL and VA low and GH, VN, PG standard,
and dated the act from 12 June 2025. The act entered into force on 26 May 2025, the
third day after its publication in the Official Journal on 23 May 2025.

Each row's `source` says what it was checked against. The Official Journal annex
itself (CELEX 32025R1093) could not be read from our reference corpora; the list is
the reconstruction in docs/regulation.md (two independent reproductions of the annex
that agree, the Preferred by Nature list of standard countries, and statements for
the countries in doubt). Rows staff entered with another source are kept.
"""

import datetime

from django.db import migrations

ACT = "Implementing Regulation (EU) 2025/1093"
OLD_SOURCE_PREFIX = "Commission Implementing Regulation (EU) 2025/1093"
VALID_FROM = datetime.date(2025, 5, 26)

HIGH = "BY KP MM RU".split()
LOW_EU = "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split()
LOW_THIRD = """
AD AE AF AG AL AM AU AZ BA BB BD BH BI BN BS BT CA CF CG CH CL CN CR CU CV DJ DM DO DZ
EG FJ FM GA GB GD GE GH GY IN IQ IR IS JM JO JP KE KG KI KM KN KR KW KZ LA LB LC LI LK
LS LY MA MC MD ME MG MH MK ML MN MU MV NO NP NR NZ OM PG PH PS PW QA RS RW SA SB SC SG
SM SR SS ST SY SZ TG TH TJ TL TM TN TO TR TT TV UA US UY UZ VC VN VU WS YE ZA
""".split()
# Not listed in the Annex, so standard (Article 29(1)); stored so the table documents them.
STANDARD = """
AO AR BZ BJ BO BW BR BF KH CM TD CO CI CD EC SV GQ ER ET GM GT GN GW HT HN ID IL LR MW MY
MR MX MZ NA NI NE NG PK PA PY PE SN SL SO SD UG TZ VE ZM ZW VA
""".split()

_ANNEX = (
    "Commission Implementing Regulation (EU) 2025/1093 of 22 May 2025, Annex (OJ L, 23.5.2025; "
    "in force 26.5.2025, Art. 29 of Reg. (EU) 2023/1115). OJ annex text not readable in our "
    "reference corpora: not checked against it."
)
GENERIC = {
    "high": _ANNEX + " High list (BY, KP, MM, RU) confirmed by every secondary source checked "
    "(beveragedaily.com 22.5.2025, meridia.land, nadar.earth, woodcentral.com.au).",
    "low": _ANNEX + " Low: two independent reproductions of the annex agree; total of 140 low "
    "confirmed by secondary sources (beveragedaily.com 22.5.2025, meridia.land, nadar.earth).",
    "standard": _ANNEX + " Not listed low or high, so standard (Art. 29(1)); named in the Preferred "
    "by Nature list of standard countries of 22.5.2025 (reproduced by interu.io).",
}
SPECIFIC = {
    "IL": "Corrected from low: named in the Preferred by Nature standard list (interu.io); in neither list of the reproductions.",
    "VA": "Corrected from low: in neither list of the Annex as reproduced, so standard by default (Art. 29(1)).",
    "GH": "Corrected from standard: low in both reproductions and in nadar.earth; supplylogica.com calls it standard: sources disagree, kept low as the reproductions give it. Point in doubt.",
    "VN": "Corrected from standard: low per supplylogica.com and the Vietnamese government (Viet Nam News Agency).",
    "PG": "Corrected from standard: low in the 140-low reproduction, absent from the standard list; woodcentral.com.au names it low.",
    "TH": "Added: nadar.earth names Thailand low.",
    "ZA": "Added: meridia.land names South Africa low.",
    "AF": "Added: woodcentral.com.au names Afghanistan low.",
    "PS": "Added: the least certain low entry of the reconstruction. Point in doubt.",
    "UG": "Standard per Ugandan ministry statements (August 2025) and the Preferred by Nature list.",
    "BR": "Standard: named by beveragedaily.com, nadar.earth and the Preferred by Nature list.",
    "ID": "Standard: named by beveragedaily.com, meridia.land and the Preferred by Nature list.",
    "MY": "Standard: named by beveragedaily.com, meridia.land and the Preferred by Nature list.",
}


def rows():
    for codes, risk_class in ((HIGH, "high"), (LOW_EU + LOW_THIRD, "low"), (STANDARD, "standard")):
        for code in codes:
            note = SPECIFIC.get(code, "")
            yield code, risk_class, f"{GENERIC[risk_class]} {note}".strip()


def correct(apps, schema_editor):
    CountryBenchmark = apps.get_model("compliance", "CountryBenchmark")
    # Rows 0003 seeded (and staff edits of them) are replaced; other rows stay, named as such.
    CountryBenchmark.objects.filter(act="", source__startswith=OLD_SOURCE_PREFIX).delete()
    CountryBenchmark.objects.filter(act="").update(act="(not recorded)")
    for code, risk_class, source in rows():
        CountryBenchmark.objects.update_or_create(
            country_code=code,
            valid_from=VALID_FROM,
            defaults={"risk_class": risk_class, "act": ACT, "source": source, "valid_until": None},
        )


class Migration(migrations.Migration):
    dependencies = [("compliance", "0005_legal_reference_history")]
    operations = [migrations.RunPython(correct, migrations.RunPython.noop)]
