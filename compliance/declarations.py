"""The texts a filer attests, quoted from the Official Journal.

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
