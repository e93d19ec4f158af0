"""Annex I to Regulation (EU) 2023/1115 as amended, one row per line and period.

Lines of the original Annex apply from the Regulation's entry into force (29 June 2023);
the obligations themselves apply later (compliance/regime.py). The amending acts:

- Regulation (EU) 2025/2650 (OJ L, 23.12.2025) removed printed products (ex chapter 49).
  Date of effect taken as its entry into force, 26.12.2025 (third day after publication):
  not confirmed against the OJ article text.
- Delegated Regulation (EU) 2026/2102 removed hides and leather, conveyor belts, soya for
  sowing and some tyres, and adds soluble coffee, oleochemicals and some palm derivatives
  from 30 December 2027. Its text could not be read from our reference corpora: the removal
  date (taken as 30.12.2026, when the obligations start to apply), which tyres, and the
  codes of the oleochemicals and palm derivatives are not confirmed. Unconfirmed removals
  are not applied (the line stays in scope) and unconfirmed additions are not encoded;
  each such point is in the row's note and in docs/regulation.md. Staff add or end rows
  in the admin once the Official Journal text is checked.
"""

import datetime

from django.db import migrations

BASE = "Regulation (EU) 2023/1115, Annex I"
R2650 = "Regulation (EU) 2025/2650"
D2102 = "Delegated Regulation (EU) 2026/2102"
IN_FORCE = datetime.date(2023, 6, 29)
R2650_FROM = datetime.date(2025, 12, 26)
D2102_REMOVALS_FROM = datetime.date(2026, 12, 30)
D2102_ADDITIONS_FROM = datetime.date(2027, 12, 30)

BASE_NOTE = (
    "Transcribed from Annex I of Regulation (EU) 2023/1115 (OJ L 150, 9.6.2023); headings checked "
    "against secondary reproductions of the Annex (cattle, oil palm lines: optelgroup.com, "
    "bloomregulatory.com; cattle lines of the 2021 proposal: eumonitor.nl)."
)
D2102_NOTE = (
    "Removed by Delegated Regulation (EU) 2026/2102 as described in the amendment's summary; "
    "OJ text not readable in our reference corpora, date of effect assumed 30.12.2026."
)

# (commodity, hs_code as the Annex writes it, description)
ORIGINAL = [
    ("cattle", "ex 0102 21", "Live cattle: pure-bred breeding animals"),
    ("cattle", "ex 0102 29", "Live cattle: other"),
    ("cattle", "ex 0201", "Meat of cattle, fresh or chilled"),
    ("cattle", "ex 0202", "Meat of cattle, frozen"),
    ("cattle", "ex 0206 10", "Edible offal of cattle, fresh or chilled"),
    ("cattle", "ex 0206 22", "Edible cattle livers, frozen"),
    ("cattle", "ex 0206 29", "Edible cattle offal (excluding tongues and livers), frozen"),
    ("cattle", "ex 1602 50", "Other prepared or preserved meat, meat offal, blood, of cattle"),
    ("cocoa", "1801", "Cocoa beans, whole or broken, raw or roasted"),
    ("cocoa", "1802", "Cocoa shells, husks, skins and other cocoa waste"),
    ("cocoa", "1803", "Cocoa paste, whether or not defatted"),
    ("cocoa", "1804", "Cocoa butter, fat and oil"),
    ("cocoa", "1805", "Cocoa powder, not containing added sugar or other sweetening matter"),
    ("cocoa", "1806", "Chocolate and other food preparations containing cocoa"),
    (
        "coffee",
        "0901",
        "Coffee, whether or not roasted or decaffeinated; coffee husks and skins; coffee substitutes containing coffee",
    ),
    ("oil_palm", "1207 10", "Palm nuts and kernels"),
    ("oil_palm", "1511", "Palm oil and its fractions, whether or not refined, but not chemically modified"),
    ("oil_palm", "1513 21", "Crude palm kernel and babassu oil and fractions thereof"),
    ("oil_palm", "1513 29", "Palm kernel and babassu oil and their fractions, other than crude"),
    ("oil_palm", "2306 60", "Oilcake and other solid residues of palm nuts or kernels"),
    ("oil_palm", "ex 2905 45", "Glycerol, with a purity of 95 % or more"),
    ("oil_palm", "2915 70", "Palmitic acid, stearic acid, their salts and esters"),
    ("oil_palm", "2915 90", "Saturated acyclic monocarboxylic acids and their derivatives, other"),
    ("oil_palm", "3823 11", "Stearic acid, industrial"),
    ("oil_palm", "3823 12", "Oleic acid, industrial"),
    ("oil_palm", "3823 19", "Industrial monocarboxylic fatty acids and acid oils from refining, other"),
    ("oil_palm", "3823 70", "Industrial fatty alcohols"),
    ("soya", "1208 10", "Soya bean flour and meal"),
    ("soya", "1507", "Soya-bean oil and its fractions, whether or not refined, but not chemically modified"),
    ("soya", "2304", "Oilcake and other solid residues of soya-bean oil"),
    ("rubber", "4001", "Natural rubber, balata, gutta-percha, guayule, chicle and similar natural gums"),
    ("rubber", "ex 4005", "Compounded rubber, unvulcanised, in primary forms or in plates, sheets or strip"),
    ("rubber", "ex 4006", "Other forms and articles of unvulcanised rubber"),
    ("rubber", "ex 4007", "Vulcanised rubber thread and cord"),
    (
        "rubber",
        "ex 4008",
        "Plates, sheets, strip, rods and profile shapes of vulcanised rubber other than hard rubber",
    ),
    ("rubber", "ex 4011", "New pneumatic tyres, of rubber"),
    (
        "rubber",
        "ex 4012",
        "Retreaded or used pneumatic tyres of rubber; solid or cushion tyres, tyre treads and flaps",
    ),
    ("rubber", "ex 4013", "Inner tubes, of rubber"),
    (
        "rubber",
        "ex 4015",
        "Articles of apparel and clothing accessories (including gloves), of vulcanised rubber",
    ),
    ("rubber", "ex 4016", "Other articles of vulcanised rubber other than hard rubber"),
    ("rubber", "ex 4017", "Hard rubber in all forms and articles of hard rubber"),
    ("wood", "4401", "Fuel wood; wood in chips or particles; sawdust and wood waste"),
    ("wood", "4402", "Wood charcoal"),
    ("wood", "4403", "Wood in the rough"),
    ("wood", "4404", "Hoopwood; split poles; piles, pickets and stakes of wood"),
    ("wood", "4405", "Wood wool; wood flour"),
    ("wood", "4406", "Railway or tramway sleepers (cross-ties) of wood"),
    ("wood", "4407", "Wood sawn or chipped lengthwise, sliced or peeled, of a thickness exceeding 6 mm"),
    ("wood", "4408", "Sheets for veneering and other wood, of a thickness not exceeding 6 mm"),
    ("wood", "4409", "Wood continuously shaped along any of its edges, ends or faces"),
    ("wood", "4410", "Particle board, oriented strand board and similar board of wood"),
    ("wood", "4411", "Fibreboard of wood or other ligneous materials"),
    ("wood", "4412", "Plywood, veneered panels and similar laminated wood"),
    ("wood", "4413", "Densified wood"),
    ("wood", "4414", "Wooden frames for paintings, photographs, mirrors or similar objects"),
    (
        "wood",
        "4415",
        "Packing cases, boxes, crates, drums, pallets and similar packings of wood; cable-drums",
    ),
    ("wood", "4416", "Casks, barrels, vats, tubs and other coopers' products of wood"),
    ("wood", "4417", "Tools, tool bodies and handles, broom or brush bodies and handles, of wood"),
    ("wood", "4418", "Builders' joinery and carpentry of wood"),
    ("wood", "4419", "Tableware and kitchenware, of wood"),
    ("wood", "4420", "Wood marquetry and inlaid wood; caskets, statuettes and other ornaments of wood"),
    ("wood", "4421", "Other articles of wood"),
    (
        "wood",
        "ex 47",
        "Pulp of wood or of other fibrous cellulosic material (excluding bamboo-based and recovered)",
    ),
    (
        "wood",
        "ex 48",
        "Paper and paperboard; articles of paper pulp, of paper or of paperboard (excluding bamboo-based and recovered)",
    ),
    ("wood", "ex 9401", "Seats (other than those of heading 9402), of wood"),
    ("wood", "9403 30", "Wooden furniture of a kind used in offices"),
    ("wood", "9403 40", "Wooden furniture of a kind used in the kitchen"),
    ("wood", "9403 50", "Wooden furniture of a kind used in the bedroom"),
    ("wood", "9403 60", "Other wooden furniture"),
    ("wood", "9403 91", "Parts of furniture, of wood"),
    ("wood", "9406 10", "Prefabricated buildings of wood"),
]
# Original lines later removed: (commodity, hs_code, description, until, removed_by, note)
REMOVED = [
    (
        "wood",
        "ex 49",
        "Printed books, newspapers, pictures and other products of the printing industry, manuscripts, typescripts and plans, of paper",
        R2650_FROM,
        R2650,
        "Removed by Regulation (EU) 2025/2650 (confirmed by secondary sources: bossfederation.com, imagogroup.com); date of effect assumed to be its entry into force, 26.12.2025, not confirmed against the OJ article.",
    ),
    ("cattle", "ex 4101", "Raw hides and skins of cattle", D2102_REMOVALS_FROM, D2102, D2102_NOTE),
    (
        "cattle",
        "ex 4104",
        "Tanned or crust hides and skins of cattle, without hair on",
        D2102_REMOVALS_FROM,
        D2102,
        D2102_NOTE,
    ),
    (
        "cattle",
        "ex 4107",
        "Leather of cattle, further prepared after tanning or crusting",
        D2102_REMOVALS_FROM,
        D2102,
        D2102_NOTE,
    ),
    (
        "rubber",
        "ex 4010",
        "Conveyor or transmission belts or belting, of vulcanised rubber",
        D2102_REMOVALS_FROM,
        D2102,
        D2102_NOTE,
    ),
    (
        "soya",
        "1201",
        "Soya beans, whether or not broken",
        D2102_REMOVALS_FROM,
        D2102,
        D2102_NOTE
        + " Only soya for sowing (1201 10) left the Annex; other soya beans continue under 1201 90.",
    ),
]
# Lines put there by a later act: (commodity, hs_code, description, from, act, note)
ADDED = [
    (
        "soya",
        "1201 90",
        "Soya beans, whether or not broken, other than seed for sowing",
        D2102_REMOVALS_FROM,
        D2102,
        "The remainder of heading 1201 after Delegated Regulation (EU) 2026/2102 removed soya for sowing; OJ text not checked.",
    ),
    (
        "coffee",
        "2101 11",
        "Extracts, essences and concentrates of coffee (soluble coffee)",
        D2102_ADDITIONS_FROM,
        D2102,
        "Added by Delegated Regulation (EU) 2026/2102 from 30.12.2027 as described in the amendment's summary; the exact subheading is not confirmed against the OJ text.",
    ),
]


def seed(apps, schema_editor):
    AnnexIEntry = apps.get_model("compliance", "AnnexIEntry")
    note_ex = " 'ex': only the products of the relevant commodity under this code."
    for commodity, hs_code, description in ORIGINAL:
        AnnexIEntry.objects.update_or_create(
            commodity=commodity,
            hs_code=hs_code,
            applies_from=IN_FORCE,
            defaults={
                "description": description,
                "act": BASE,
                "note": BASE_NOTE + (note_ex if hs_code.startswith("ex") else ""),
            },
        )
    for commodity, hs_code, description, until, removed_by, note in REMOVED:
        AnnexIEntry.objects.update_or_create(
            commodity=commodity,
            hs_code=hs_code,
            applies_from=IN_FORCE,
            defaults={
                "description": description,
                "act": BASE,
                "applies_until": until,
                "removed_by": removed_by,
                "note": f"{BASE_NOTE} {note}",
            },
        )
    for commodity, hs_code, description, start, act, note in ADDED:
        AnnexIEntry.objects.update_or_create(
            commodity=commodity,
            hs_code=hs_code,
            applies_from=start,
            defaults={"description": description, "act": act, "note": note},
        )
    # Tyres: the amendment removes "some tyres"; which ones could not be confirmed, so the
    # tyre lines stay in scope (accepting a statement for a product that no longer needs
    # one harms no one; refusing one that does would).
    AnnexIEntry.objects.filter(commodity="rubber", hs_code__in=["ex 4011", "ex 4012", "ex 4013"]).update(
        note=BASE_NOTE + note_ex + " Delegated Regulation (EU) 2026/2102 removes some tyres; which ones is "
        "not confirmed, so this line is kept in scope until staff check the OJ text."
    )


class Migration(migrations.Migration):
    dependencies = [("compliance", "0006_country_benchmark_2025_1093_full")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
