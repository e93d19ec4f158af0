"""The products covered by the Annex to Regulation (EU) No 995/2010 (the Timber Regulation).

Article 38(3) of Regulation (EU) 2023/1115 as amended by 2025/2650 gives natural persons and
micro and small undertakings the later date of application "except as regards the products
covered by the Annex to Regulation (EU) No 995/2010" (application_dates.ARTICLE_38_3_AS_AMENDED).
Wood products of Annex I to 2023/1115 outside that Annex (wood charcoal 4402, 4404, 4405,
4417, 4419-4421, seats of 9401, ...) take the later date.

The Annex names its products by the Combined Nomenclature of 2010 (Council Regulation (EEC)
No 2658/87; OJ L 295, 12.11.2010, p. 23; not amended since). Three of its codes no longer
exist: `ANNEX_995_2010` gives every Annex line with the codes that carry its products today,
each with the change that moved it. Headings 4401 to 4413 are confirmed against two copies
of the Annex (EU Monitor's copy of the adopted text, Preferred by Nature's list of EUTR
products); 4414 to 9406 00 20 are transcribed from the Annex and confirmed by no second
source here (docs/regulation.md, "Timber exception").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

# The Harmonized System amendments that split three of the Annex's 2010 codes; the Combined
# Nomenclature follows the HS from the date each applies (Commission Implementing Regulations
# amending Annex I to Regulation (EEC) No 2658/87 for 2012, 2017 and 2022).
HS_2012 = "HS 2012 (CN 2012, from 1.1.2012): 9406 00 split into 9406 10 (of wood) and 9406 90"
HS_2017 = "HS 2017 (CN 2017, from 1.1.2017): 9403 90 split into 9403 91 (parts of wood) and 9403 99"
HS_2022 = "HS 2022 (CN 2022, from 1.1.2022): 4414 00 split into 4414 10 (of tropical wood) and 4414 90"
UNCHANGED = "the code of 2010 still exists in the Combined Nomenclature"


@dataclass(frozen=True)
class TimberAnnexLine:
    """One line of the Annex to Regulation (EU) No 995/2010: its code as printed in 2010, the
    codes (CN digits, no spaces) that carry its products today, and what moved them."""

    code_2010: str
    description: str
    codes_today: tuple[str, ...]
    correspondence: str


ANNEX_995_2010: tuple[TimberAnnexLine, ...] = (
    TimberAnnexLine(
        "4401",
        "Fuel wood; wood in chips or particles; sawdust and wood waste and scrap",
        ("4401",),
        UNCHANGED,
    ),
    TimberAnnexLine("4403", "Wood in the rough", ("4403",), UNCHANGED),
    TimberAnnexLine("4406", "Railway or tramway sleepers (cross-ties) of wood", ("4406",), UNCHANGED),
    TimberAnnexLine(
        "4407",
        "Wood sawn or chipped lengthwise, sliced or peeled, of a thickness exceeding 6 mm",
        ("4407",),
        UNCHANGED,
    ),
    TimberAnnexLine(
        "4408", "Sheets for veneering and other wood, of a thickness not exceeding 6 mm", ("4408",), UNCHANGED
    ),
    TimberAnnexLine(
        "4409", "Wood continuously shaped along any of its edges, ends or faces", ("4409",), UNCHANGED
    ),
    TimberAnnexLine(
        "4410", "Particle board, oriented strand board (OSB) and similar board", ("4410",), UNCHANGED
    ),
    TimberAnnexLine("4411", "Fibreboard of wood or other ligneous materials", ("4411",), UNCHANGED),
    TimberAnnexLine("4412", "Plywood, veneered panels and similar laminated wood", ("4412",), UNCHANGED),
    TimberAnnexLine(
        "4413 00 00", "Densified wood, in blocks, plates, strips or profile shapes", ("44130000",), UNCHANGED
    ),
    TimberAnnexLine(
        "4414 00",
        "Wooden frames for paintings, photographs, mirrors or similar objects",
        ("44141000", "44149000"),
        HS_2022,
    ),
    TimberAnnexLine(
        "4415",
        "Packing cases, boxes, crates, drums and similar packings, of wood; cable-drums; pallets, "
        "box pallets and other load boards (not packing used only to support, protect or carry "
        "another product)",
        ("4415",),
        UNCHANGED,
    ),
    TimberAnnexLine(
        "4416 00 00",
        "Casks, barrels, vats, tubs and other coopers' products and parts thereof, of wood",
        ("44160000",),
        UNCHANGED,
    ),
    TimberAnnexLine("4418", "Builders' joinery and carpentry of wood", ("4418",), UNCHANGED),
    TimberAnnexLine(
        "Chapter 47",
        "Pulp of wood or of other fibrous cellulosic material (not bamboo-based or recovered products)",
        ("47",),
        UNCHANGED,
    ),
    TimberAnnexLine(
        "Chapter 48",
        "Paper and paperboard; articles of paper pulp, of paper or of paperboard (not bamboo-based "
        "or recovered products)",
        ("48",),
        UNCHANGED,
    ),
    TimberAnnexLine("9403 30", "Wooden furniture of a kind used in offices", ("940330",), UNCHANGED),
    TimberAnnexLine("9403 40", "Wooden furniture of a kind used in the kitchen", ("940340",), UNCHANGED),
    TimberAnnexLine("9403 50 00", "Wooden furniture of a kind used in the bedroom", ("94035000",), UNCHANGED),
    TimberAnnexLine("9403 60", "Other wooden furniture", ("940360",), UNCHANGED),
    TimberAnnexLine("9403 90 30", "Parts of furniture, of wood", ("94039100",), HS_2017),
    TimberAnnexLine("9406 00 20", "Prefabricated buildings of wood", ("94061000",), HS_2012),
)


def _digits(code: str) -> str:
    return "".join(ch for ch in code if ch.isdigit())


# Codes (CN digits without spaces) a product may carry and be covered: today's, and the 2010
# code as printed, so that a record made under the old nomenclature keeps its answer.
ANNEX_995_2010_PREFIXES: tuple[str, ...] = tuple(
    dict.fromkeys(
        code for line in ANNEX_995_2010 for code in (*line.codes_today, _digits(line.code_2010)) if code
    )
)
# The Annex leaves out "bamboo-based and recovered (waste and scrap) products" of chapters
# 47 and 48. Only these codes show it: pulp of bamboo (4706 30) and recovered paper (4707).
# Bamboo paper of chapter 48 has no code of its own: it counts as covered, which gives the
# earlier (general) date, never a later one than the law's.
ANNEX_995_2010_EXCLUDED_PREFIXES: tuple[str, ...] = ("470630", "4707")


def covered_by_timber_regulation(hs_code: str) -> bool:
    """Whether a product of this HS/CN code is covered by the Annex to Regulation (EU) No 995/2010.

    A code shorter than an Annex entry that it contains (9403 for 9403 30) counts as covered:
    it may be, and being covered only ever gives the earlier date.
    """
    digits = _digits(hs_code)
    if not digits or any(digits.startswith(prefix) for prefix in ANNEX_995_2010_EXCLUDED_PREFIXES):
        return False
    return any(digits.startswith(prefix) or prefix.startswith(digits) for prefix in ANNEX_995_2010_PREFIXES)


# Products produced before the Regulation entered into force are outside it: Article 1(2) of
# Regulation (EU) 2023/1115 (in force 29.6.2023), as the EU's customs guidance reads it for
# its document code Y132 "Legacy" ("produced before 29 June 2023 and to which the
# Regulation therefore does not apply. See also Article 1(2) and Article 38(1)"); the OJ
# wording of 1(2) itself was not read here (docs/regulation.md, "Products made before").
PRODUCED_BEFORE_OUT_OF_SCOPE = date(2023, 6, 29)
OUT_OF_SCOPE_PROVISION = "Article 1(2) of Regulation (EU) 2023/1115"

# Article 37(2): the Timber Regulation keeps governing timber and timber products of its
# Annex produced before 29 June 2023 until this day (inclusive). 31.12.2029 is the text as
# amended by Regulation (EU) 2025/2650 (in force 26.12.2025), read from the consolidated
# version 02023R1115-20251226 by a scope tool built from CELLAR; each earlier act had it a
# year earlier. After it, Article 37(3) brings such timber under Article 3 (below).
TIMBER_REGULATION_KEEPS_OLD_TIMBER_UNTIL = date(2029, 12, 31)
TIMBER_REGULATION_TRANSITION_PROVISION = (
    "Article 37(2) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650"
)


def timber_regulation_governs(hs_code: str, *, produced_on: date, on: date) -> bool:
    """Whether Regulation (EU) No 995/2010, not 2023/1115, governs this wood product on `on`."""
    return (
        produced_on < PRODUCED_BEFORE_OUT_OF_SCOPE
        and on <= TIMBER_REGULATION_KEEPS_OLD_TIMBER_UNTIL
        and covered_by_timber_regulation(hs_code)
    )


# Article 37(3) as amended: by way of derogation from Article 1(2), timber and timber products
# of the Annex to Regulation (EU) No 995/2010 produced before 29 June 2023 and placed on the
# market after the period of Article 37(2) comply with Article 3 of Regulation (EU) 2023/1115.
# Reported so for the text as amended by 2024/3234 (dilifyhq.com: "all timber products must
# comply with EUDR Article 3 requirements, regardless of production date"); the paragraph's
# OJ wording and number were not read here (docs/regulation.md, "Products made before").
OLD_TIMBER_UNDER_ARTICLE_3_PROVISION = (
    "Article 37(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650"
)


def old_timber_back_under_article_3(commodity: str, hs_code: str, *, produced_on: date, on: date) -> bool:
    """Whether a product made before 29.6.2023 is nonetheless under Article 3 on `on`: wood of
    the Timber Regulation's Annex once that Regulation's transitional period has ended."""
    return (
        commodity == "wood"
        and produced_on < PRODUCED_BEFORE_OUT_OF_SCOPE
        and on > TIMBER_REGULATION_KEEPS_OLD_TIMBER_UNTIL
        and covered_by_timber_regulation(hs_code)
    )
