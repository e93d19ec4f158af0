"""Article 12 of Regulation (EU) 2023/1115: the yearly review of the due diligence system and
the yearly public report on it. The law as data: who must report, what the review asks, how
long its records are kept, and the date the duty applies from.

Read in the consolidated text of Article 12 as reproduced at gesetze.legal/eu/vo_eu_2023_1115/12
(German; the English Official Journal text itself was not reachable, see docs/annual-report.md):

  12(2) "Die Marktteilnehmer überprüfen die Sorgfaltspflichtregelung mindestens jährlich. [...]
  Die Marktteilnehmer bewahren die Aufzeichnungen über derartige Aktualisierungen [...] für einen
  Zeitraum von fünf Jahren auf." (operators review the system at least once a year and keep the
  records of its updates for five years)

  12(3) "Marktteilnehmer, die nicht in die Kategorien KMU, einschließlich Kleinstunternehmen oder
  natürliche Person fallen, berichten jährlich öffentlich (auch im Internet) zugänglich und
  möglichst umfassend über ihre Sorgfaltspflichtregelung, einschließlich der Schritte, die sie
  eingeleitet haben, um ihre Verpflichtungen gemäß Artikel 8 zu erfüllen." (operators that are
  not SMEs report publicly each year, as widely as possible including on the internet, on their
  due diligence system and the steps taken to fulfil the obligations of Article 8; an operator
  under other Union due diligence reporting, such as the CSRD, may include it there)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from regulation.roles import OJ_2023_1115, OJ_2025_2650, RECORDS_RETENTION_YEARS

SOURCE_ARTICLE_12 = f"{OJ_2023_1115}, Article 12(2) and 12(3), as amended by {OJ_2025_2650}"
# Read in: the consolidated German text (gesetze.legal) and lawcode.eu's "EUDR mandatory annual
# report" (who must report: non-SME operators only; traders and downstream operators exempt).
SOURCE_READ_IN = "gesetze.legal/eu/vo_eu_2023_1115/12; lawcode.eu/en/blog/eudr-mandatory-annual-report/"


@dataclass(frozen=True)
class ReportingDuty:
    article: str
    source: str
    applies_from: date
    # Whether the wording was read in the Official Journal itself (it was not).
    confirmed: bool


# Article 12(3): the yearly public report of an operator that is not an SME. It applies with
# the Regulation's general date of application for such operators (Article 38(2) as amended by
# 2025/2650: 30 December 2026); the first full year it covers is 2027.
ANNUAL_PUBLIC_REPORT = ReportingDuty(
    article="Article 12(3)", source=SOURCE_ARTICLE_12, applies_from=date(2026, 12, 30), confirmed=False
)
# Article 12(2): the review of the system at least once a year, its records kept five years.
SYSTEM_REVIEW = ReportingDuty(
    article="Article 12(2)", source=SOURCE_ARTICLE_12, applies_from=date(2026, 12, 30), confirmed=False
)
SYSTEM_REVIEW_RETENTION_YEARS = RECORDS_RETENTION_YEARS


def annual_report_required(*, is_operator: bool, is_sme: bool | None) -> bool:
    """Article 12(3) binds operators that are not SMEs (micro undertakings and natural persons
    are SMEs here). An account that has not said whether it is an SME is treated as not one,
    as for Article 5's duties (compliance.models.OrganisationRoles)."""
    return is_operator and is_sme is not True
