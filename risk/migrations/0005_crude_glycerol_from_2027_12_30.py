"""Crude glycerol (ex 1520 00, oil palm) applies from 30 December 2027.

Delegated Regulation (EU) 2026/2102, Annex point (6)(g), inserts the line and prints
"(This provision shall apply from 30 December 2027)" after the closing quotation mark of
the inserted text. A sentence outside the quotation marks belongs to the amending act, not
to the Annex: it dates the amending provision, that is the insertion itself. Both
reproductions that parse the act's structure (the consolidated transcription and the CN
scope tool built from CELLAR, whose own test pins this line to 30.12.2027) read it so; the
third source lists the code without a date. Migration 0004 had recorded the line from
18.9.2026 while the point was open; the row is re-dated and its note says why.
"""

import datetime

from django.db import migrations

HS = "ex 1520 00"
WAS = datetime.date(2026, 9, 18)
FROM = datetime.date(2027, 12, 30)
NOTE = (
    "Commission Delegated Regulation (EU) 2026/2102 of 13 July 2026, Annex point (6)(g) (OJ L, "
    "17.9.2026). The act prints '(This provision shall apply from 30 December 2027)' after the "
    "closing quotation mark of the inserted line: outside the quoted Annex text, the sentence dates "
    "the amending provision, so the line applies from 30.12.2027. Read so by two reproductions that "
    "quote the OJ text (consolidated version 02023R1115-20260918; a CN scope tool built from CELLAR "
    "CELEX 32026R2102); a third catalogue lists the code without a date. OJ text not read directly. "
    "Re-dated from 18.9.2026, recorded by migration 0004 while the reading was open."
)


def forward(apps, schema_editor):
    AnnexIEntry = apps.get_model("risk", "AnnexIEntry")
    rows = AnnexIEntry.objects.filter(commodity="oil_palm", hs_code=HS)
    if rows.filter(applies_from=FROM).exists():
        return  # staff already dated a row so: theirs stands
    # Only the row 0004 wrote: a row staff re-dated meanwhile keeps their date.
    rows.filter(applies_from=WAS).update(applies_from=FROM, note=NOTE)


class Migration(migrations.Migration):
    dependencies = [("risk", "0004_annex_i_2026_2102")]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
