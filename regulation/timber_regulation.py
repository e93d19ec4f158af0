"""The products covered by the Annex to Regulation (EU) No 995/2010 (the Timber Regulation).

Article 38(3) of Regulation (EU) 2023/1115 gives micro and small undertakings the later
date of application "except as regards the products covered in the Annex to Regulation
(EU) No 995/2010" (wording of the text as first published; that 2024/3234 and 2025/2650
keep the exception is reported, not read in the OJ: docs/regulation.md). Wood products of
Annex I to 2023/1115 outside that Annex (wood charcoal 4402, 4404, 4405, 4417, 4419-4421,
seats of 9401, printed matter of chapter 49, ...) take the later date.

The Annex, as classified in the Combined Nomenclature of Council Regulation (EEC) No
2658/87 (OJ L 295, 12.11.2010, p. 23; not amended since). Its headings 4401 to 4413 are
confirmed against two copies of the Annex (EU Monitor's copy of the adopted text,
Preferred by Nature's list of EUTR products); the rest (4414 to 9406 00 20) is
transcribed from the Annex and confirmed by no second source here (docs/regulation.md,
"Timber exception").
"""

from __future__ import annotations

from datetime import date

# Code prefixes (CN digits without spaces). A product is covered when its code starts with one.
ANNEX_995_2010_PREFIXES: tuple[str, ...] = (
    "4401",  # fuel wood; wood in chips or particles; sawdust and wood waste
    "4403",  # wood in the rough
    "4406",  # railway or tramway sleepers of wood
    "4407",  # wood sawn or chipped lengthwise, > 6 mm
    "4408",  # sheets for veneering, <= 6 mm
    "4409",  # wood continuously shaped
    "4410",  # particle board, OSB
    "4411",  # fibreboard
    "4412",  # plywood, veneered panels
    "441300",  # densified wood (4413 00 00)
    "441400",  # wooden frames (4414 00)
    "4415",  # packing cases, pallets (packaging used only to carry another product excluded)
    "441600",  # casks, barrels (4416 00 00)
    "4418",  # builders' joinery and carpentry of wood
    "47",  # pulp (chapter 47), except bamboo-based and recovered (below)
    "48",  # paper and paperboard (chapter 48), except bamboo-based and recovered
    "940330",  # wooden furniture of a kind used in offices
    "940340",  # wooden kitchen furniture
    "940350",  # wooden bedroom furniture (9403 50 00)
    "940360",  # other wooden furniture
    "94039030",  # parts of furniture, of wood
    "94060020",  # prefabricated buildings of wood (CN 2010: 9406 00 20)
    "940610",  # the same under today's CN (9406 10 00, prefabricated buildings of wood)
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
    digits = "".join(ch for ch in hs_code if ch.isdigit())
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
# year earlier. Asked about a day after it, such timber is outside both Regulations.
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
