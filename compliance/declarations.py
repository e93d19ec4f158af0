"""The texts a filer attests: Annex II (due diligence statements) and Annex III (simplified declarations).

Regulation (EU) 2023/1115 (OJ L 150, 9.6.2023, p. 206), Annex II, point 5
is the declaration every due diligence statement contains; point 6 is the
signature block. Article 3(b) is the legality requirement the filer attests
separately. `DECLARATION_VERSION` names the exact text a statement's signatory
agreed to and is stored on the statement: change it whenever a text changes.

The Polish Official Journal wording of Annex II could not be retrieved and
checked here, so no Polish quotation is given: the Polish documents show the
authentic English text with a Polish explanation around it (see
docs/risk-methodology.md, "Attestation").
"""

from __future__ import annotations

DECLARATION_VERSION = "2023/1115-annex-ii-5-en-oj-l150-2023-06-09"

ANNEX_II_POINT_5_EN = (
    "By submitting this due diligence statement the operator confirms that due diligence in "
    "accordance with Regulation (EU) 2023/1115 was carried out and that no or only a negligible "
    "risk was found that the relevant products do not comply with Article 3, point (a) or (b), "
    "of that Regulation."
)

# Annex II, point 6: "Signature in the following format:" then these four lines.
ANNEX_II_POINT_6_LINES = ("Signed for and on behalf of:", "Date:", "Name and function:", "Signature:")

LEGALITY_ATTESTATION_EN = (
    "The relevant products have been produced in accordance with the relevant legislation of the "
    "country of production (Regulation (EU) 2023/1115, Article 3, point (b))."
)


# Simplified declarations (micro and small primary operators): Annex III of Regulation (EU)
# 2023/1115, added by Article 1, point (28), and Annex II of Regulation (EU) 2025/2650
# (OJ L, 23.12.2025, CELEX 32025R2650; in force 26.12.2025; Article 38(3) as amended makes
# the simplified declaration's obligations apply to micro and small undertakings from
# 30.6.2027). Annex III is the declaration's content; its point 4 is the text the operator
# confirms. NOT CONFIRMED against the Official Journal here: of the OJ page only the opening
# was readable to us; the wording is that of a third party's verbatim capture of the
# consolidated text 02023R1115-20251226 (gaurav258-prog/climate-platform,
# data/reference/regspec/eudr/reg_2023_1115_as_2025_2650.json, captured 2026-10-02), whose
# quotation of Annex II point 5 agrees word for word with ANNEX_II_POINT_5_EN above. See
# docs/regulation.md, "Simplified declarations". No Polish OJ wording is quoted, as for Annex II.
ANNEX_III_SOURCE = (
    "Regulation (EU) 2023/1115, Annex III, added by Regulation (EU) 2025/2650 "
    "(OJ L, 23.12.2025, CELEX 32025R2650), in force from 26 December 2025"
)
ANNEX_III_IN_FORCE_FROM = "2025-12-26"
SD_DECLARATION_VERSION = "2023/1115-annex-iii-4-en-2025-2650"

ANNEX_III_POINT_4_EN = (
    "By this declaration, the micro or small primary operator confirms that it will exercise due "
    "diligence in accordance with Regulation (EU) 2023/1115 for the relevant products it places on "
    "the market or exports and that it will place them on the market or export them only if no or "
    "only a negligible risk is found that the relevant products do not comply with Article 3, point "
    "(a) or (b), of that Regulation."
)

# What points 1 to 3 of Annex III ask for, in our words (point 2 of the captured text ends by
# referring to "the due diligence statement", evidently carried over from Annex II; a
# simplified declaration's document does not repeat that slip).
ANNEX_III_POINTS_EN = {
    1: "Micro or small primary operator's name, address and, for products entering or leaving the "
    "market, EORI number.",
    2: "Harmonised System code, free-text description including the trade name, and the one-off "
    "estimated annual quantity of the relevant products intended to be placed on the market or "
    "exported (net mass with a percentage estimate or deviation, or volume or number of items).",
    3: "Country of production and the geolocation of all plots of land, or the postal address of the "
    "establishment or of all plots of land on which the relevant commodities are produced.",
}
