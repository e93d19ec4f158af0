"""Annex I as Delegated Regulation (EU) 2026/2102 amends it, replacing the assumptions of
compliance/migrations/0007_annex_i_entries.py.

Commission Delegated Regulation (EU) 2026/2102 of 13 July 2026 was published in the
Official Journal on 17 September 2026 and entered into force the day after, 18 September
2026. Its deletions and replacements apply from then; the lines it prints with "(This
provision shall apply from 30 December 2027)" apply from 30 December 2027. 0007 had
assumed 30.12.2026 for the deletions, had kept every tyre line and had not encoded the
oleochemicals, the soap, the frozen tongues or the new seat lines.

What was checked: the Official Journal text itself could not be read from our reference
corpora. Every row below is confirmed by two independent reproductions of the act's Annex
that quote the OJ text (the consolidated version 02023R1115-20260918 as transcribed with
verbatim quotes, and a CN scope tool built from the Publications Office's CELLAR copy of
CELEX 32026R2102), and by a third catalogue that lists the same codes. The one point
they leave open (ex 1520 00) is flagged on its row and in docs/regulation.md.

History is kept: a line the act deletes is ended (applies_until), a line it adds is a
new row. Rows 0007 had ended on the assumed 30.12.2026 are re-dated to the act's date
of effect, and the note says so. Rewordings that leave the covered codes unchanged (an
"ex" marker, an exclusion note, "1207 10" printed as "ex 1207 10 00", "0102 21, 0102 29"
printed as "ex 0102" with a note limiting it to the same two subheadings) are not new
rows: the filing check matches codes, and the codes did not change.
"""

import datetime

from django.db import migrations

D2102 = "Delegated Regulation (EU) 2026/2102"
IN_FORCE = datetime.date(2026, 9, 18)  # published 17.9.2026, in force the day after
LATER = datetime.date(2027, 12, 30)  # "(This provision shall apply from 30 December 2027)"
ASSUMED_BY_0007 = datetime.date(2026, 12, 30)

SOURCE = (
    "Commission Delegated Regulation (EU) 2026/2102 of 13 July 2026 (OJ L, 17.9.2026; in force "
    "18.9.2026, the day after publication). OJ text not read directly: checked against two "
    "independent reproductions of its Annex quoting the OJ text (consolidated version "
    "02023R1115-20260918; CELEX 32026R2102 via CELLAR) and a third catalogue listing the same codes."
)
ADDED_LATER = " Applies from 30.12.2027 as the act prints beside the line."
MEDICINAL = (
    " Not including products to the extent they are used to manufacture medicinal products "
    "(Directive 2001/83/EC, Regulation (EC) No 726/2004, Regulation (EU) 2019/6)."
)
SYNTHESIZED = " Only what has been made using oil palm ('ex')."

# Lines the act deletes or replaces, ended on IN_FORCE: (commodity, hs_code, what replaces it)
ENDED = [
    ("cattle", "ex 4101", "deleted (hides and leather)"),
    ("cattle", "ex 4104", "deleted (hides and leather)"),
    ("cattle", "ex 4107", "deleted (hides and leather)"),
    ("rubber", "ex 4010", "deleted (conveyor or transmission belts)"),
    ("rubber", "ex 4012", "replaced by 'ex 4012 90 30 Tyre treads': retreaded, used, solid and cushion tyres and flaps leave the Annex"),
    ("rubber", "ex 4016", "deleted (other articles of vulcanised rubber)"),
    ("soya", "1201", "replaced by '1201 90 00 Soya beans, whether or not broken: other': soya for sowing (1201 10) leaves the Annex"),
    ("wood", "ex 9401", "replaced by six subheadings of wooden seats (ex 9401 31 00 to ex 9401 91 90): seats of heading 9401 outside them (aircraft and vehicle seats among them) leave the Annex"),
]

# (commodity, hs_code as the act prints it, description, applies_from, note)
ADDED = [
    ("soya", "1201 90 00", "Soya beans, whether or not broken: other", IN_FORCE, ""),
    ("rubber", "ex 4012 90 30", "Tyre treads", IN_FORCE, " Hevea brasiliensis only (table note 3)."),
    ("wood", "ex 9401 31 00", "Swivel seats with variable height adjustment, of wood", IN_FORCE, ""),
    ("wood", "ex 9401 41 00", "Seats other than garden seats or camping equipment, convertible into beds, of wood", IN_FORCE, ""),
    ("wood", "ex 9401 61 00", "Other seats, with wooden frames, upholstered", IN_FORCE, ""),
    ("wood", "ex 9401 69 00", "Other seats, with wooden frames, other than upholstered", IN_FORCE, ""),
    ("wood", "ex 9401 80 00", "Other seats, of wood", IN_FORCE, ""),
    ("wood", "ex 9401 91 90", "Other parts of seats, of wood", IN_FORCE, ""),
    (
        "oil_palm",
        "ex 1520 00",
        "Crude glycerol, glycerol waters and lyes that have been produced using oil palm",
        IN_FORCE,
        " POINT IN DOUBT: the act prints '(This provision shall apply from 30 December 2027)' after "
        "the closing quotation mark of the inserted lines, so whether this line applies from 18.9.2026 "
        "or from 30.12.2027 is not stated unambiguously; two reproductions read 30.12.2027, one leaves "
        "it open. Recorded from 18.9.2026 so that no statement it may require is refused.",
    ),
    ("cattle", "ex 0206 21 00", "Frozen cattle tongues", LATER, ADDED_LATER),
    ("oil_palm", "ex 1516 20", "Palm, palm kernel and babassu oils and their fractions, partly or wholly hydrogenated, inter-esterified, re-esterified or elaidinised, whether or not refined, but not further prepared", LATER, ADDED_LATER + MEDICINAL),
    ("oil_palm", "ex 1518 00", "Palm, palm kernel and babassu oils and their fractions, boiled, oxidised, dehydrated, sulphurised, blown, polymerised or otherwise chemically modified (excluding heading 1516); inedible mixtures or preparations of fats or oils that contain or have been made using oil palm", LATER, ADDED_LATER + " Not including waste (Article 3(1) of Directive 2008/98/EC)."),
    ("oil_palm", "ex 2905 16", "Octanol (octyl alcohol) and isomers thereof, that have been synthesized using oil palm", LATER, ADDED_LATER),
    ("oil_palm", "ex 2905 17 00", "Dodecan-1-ol (lauryl alcohol), hexadecan-1-ol (cetyl alcohol) and octadecan-1-ol (stearyl alcohol), that have been synthesized using oil palm", LATER, ADDED_LATER + MEDICINAL),
    ("oil_palm", "ex 2905 19 00", "Other saturated monohydric alcohols, not elsewhere specified or included, synthesized using oil palm", LATER, ADDED_LATER),
    ("oil_palm", "ex 2915 39", "Esters of acetic acid (other than ethyl, vinyl, n-butyl and dinoseb acetate), synthesized using oil palm", LATER, ADDED_LATER),
    ("oil_palm", "ex 2916 15", "Oleic, linoleic or linolenic acids, their salts and esters, synthesized using oil palm", LATER, ADDED_LATER),
    ("oil_palm", "ex 2916 19 10", "Undecenoic acids, their salts and esters, synthesized using oil palm", LATER, ADDED_LATER),
    ("oil_palm", "ex 2921 19", "Acyclic monoamines and their derivatives; salts thereof (with the exceptions the act lists), synthesized using oil palm", LATER, ADDED_LATER + MEDICINAL),
    ("oil_palm", "ex 2923 90 00", "Quaternary ammonium salts and hydroxides (with the exceptions the act lists), synthesized using oil palm", LATER, ADDED_LATER + MEDICINAL),
    ("oil_palm", "ex 2924 19 00", "Acyclic amides, carbamates and their salts (with the exceptions the act lists), synthesized using oil palm", LATER, ADDED_LATER + MEDICINAL),
    ("oil_palm", "ex 3401 11 00", "Soap for toilet use in bars, cakes, moulded pieces or shapes (including medicated products), that contains or has been made using oil palm", LATER, ADDED_LATER + MEDICINAL),
    ("oil_palm", "ex 3401 20", "Soap in other forms, that contains or has been made using oil palm", LATER, ADDED_LATER),
    ("oil_palm", "ex 3824 99", "Other chemical products and preparations of the chemical or allied industries, n.e.s., that contain or have been made using oil palm", LATER, ADDED_LATER + MEDICINAL),
    ("oil_palm", "ex 3907 29", "Other polyethers in primary forms (other than bis(polyoxyethylene) methylphosphonate), made using oil palm", LATER, ADDED_LATER + MEDICINAL),
]

# Rows the act keeps or 0007 recorded with a doubt now settled: (commodity, hs_code) ->
# (the doubtful sentence 0007 wrote, what replaces it). Only the note changes.
SETTLED = {
    ("rubber", "ex 4011"): (
        "Delegated Regulation (EU) 2026/2102 removes some tyres; which ones is not confirmed, so this "
        "line is kept in scope until staff check the OJ text.",
        "Kept by Delegated Regulation (EU) 2026/2102: the tyres it removes are those of ex 4012 "
        "(only tyre treads, ex 4012 90 30, stay).",
    ),
    ("rubber", "ex 4013"): (
        "Delegated Regulation (EU) 2026/2102 removes some tyres; which ones is not confirmed, so this "
        "line is kept in scope until staff check the OJ text.",
        "Kept by Delegated Regulation (EU) 2026/2102: the tyres it removes are those of ex 4012 "
        "(only tyre treads, ex 4012 90 30, stay).",
    ),
    ("rubber", "ex 4012"): (
        "Delegated Regulation (EU) 2026/2102 removes some tyres; which ones is not confirmed, so this "
        "line is kept in scope until staff check the OJ text.",
        "",
    ),
    ("coffee", "2101 11"): (
        "the exact subheading is not confirmed against the OJ text.",
        "confirmed: the act adds '2101 11 00 Extracts, essences, and concentrates of coffee' with "
        "'(This provision shall apply from 30 December 2027)'.",
    ),
    ("wood", "ex 49"): (
        "date of effect assumed to be its entry into force, 26.12.2025, not confirmed against the OJ article.",
        "date of effect its entry into force, 26.12.2025 (published 23.12.2025, in force on the third day; "
        "the act sets no other date for the deletion): confirmed.",
    ),
}


def forward(apps, schema_editor):
    AnnexIEntry = apps.get_model("risk", "AnnexIEntry")
    for commodity, hs_code, change in ENDED:
        for row in AnnexIEntry.objects.filter(commodity=commodity, hs_code=hs_code, applies_from__lt=IN_FORCE):
            if row.applies_until is not None and row.applies_until <= IN_FORCE:
                continue  # already ended earlier (by staff): their date stands
            before = row.applies_until
            row.applies_until = IN_FORCE
            row.removed_by = D2102
            row.note = f"{row.note} {SOURCE} Line {change}." + (
                f" End date corrected from {before:%d.%m.%Y} (assumed by migration 0007)." if before else ""
            )
            row.save(update_fields=["applies_until", "removed_by", "note"])
    # 0007 started soya '1201 90' on the assumed 30.12.2026; the act's line is '1201 90 00'
    # from 18.9.2026 (added below). The row never applied: it is closed on its first day.
    AnnexIEntry.objects.filter(
        commodity="soya", hs_code="1201 90", applies_from=ASSUMED_BY_0007, applies_until__isnull=True
    ).update(applies_until=ASSUMED_BY_0007, note="Withdrawn before it applied: 0007 assumed this line and "
             "its date; Delegated Regulation (EU) 2026/2102 puts '1201 90 00' there from 18.9.2026.")
    for commodity, hs_code, description, start, note in ADDED:
        AnnexIEntry.objects.get_or_create(
            commodity=commodity,
            hs_code=hs_code,
            applies_from=start,
            defaults={"description": description, "act": D2102, "note": SOURCE + note},
        )
    for (commodity, hs_code), (doubt, settled) in SETTLED.items():
        for row in AnnexIEntry.objects.filter(commodity=commodity, hs_code=hs_code):
            if doubt in row.note:
                row.note = row.note.replace(doubt, settled).strip()
                row.save(update_fields=["note"])


class Migration(migrations.Migration):
    dependencies = [("risk", "0003_application_dates")]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
