"""Whom a downstream operator or trader in Poland informs of substantiated information that a
product does not comply, what it sends and by when: the law as data.

The Regulation leaves the competent authorities to each Member State (Article 14). We could
not confirm that Poland has designated them by law (a December 2024 ministry notice, quoted by
zielonewiadomosci.pl, said the designation was still in preparation). The Ministry of Climate
and Environment's draft act (list of the Council of Ministers' legislative work, no. UC101,
"projekt ustawy o zmianie niektórych ustaw w związku z wdrożeniem rozwiązań dotyczących
zwalczania wylesiania i degradacji lasów") proposes four inspectorates by commodity, as
reported by prawo.pl and industryalarm.pl (2025). Until an act is adopted these rows are the
proposal, and every answer says so (`DESIGNATION_STATUS`); the ministry's EUDR page
(gov.pl/web/klimat/eudr-informacje) is where the designation will be announced.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

DRAFT_ACT_UC101 = (
    "Draft act UC101 of the Ministry of Climate and Environment (Poland), as reported by prawo.pl "
    "and industryalarm.pl, 2025; its adoption could not be confirmed (checked 28.11.2026)"
)
DESIGNATION_STATUS: Promise = _(
    "Proposed in Poland's draft implementing act (UC101), not yet designated by law: check the "
    "Ministry of Climate and Environment's EUDR page before sending."
)
MINISTRY_PAGE = "https://www.gov.pl/web/klimat/eudr-informacje"

# "Without delay": the Regulation sets no number of days that we could find; the record of the
# concern keeps whether and when the authority was informed.
INFORM_BY: Promise = _("without delay, as soon as the information is substantiated")


@dataclass(frozen=True)
class CompetentAuthority:
    commodities: frozenset[str]  # regulation.commodities codes
    name_pl: str
    name_en: str
    source: str


POLISH_COMPETENT_AUTHORITIES: tuple[CompetentAuthority, ...] = (
    CompetentAuthority(
        frozenset({"wood"}),
        "Inspekcja Ochrony Środowiska",
        "Environmental Protection Inspection",
        DRAFT_ACT_UC101,
    ),
    CompetentAuthority(frozenset({"rubber"}), "Inspekcja Handlowa", "Trade Inspection", DRAFT_ACT_UC101),
    CompetentAuthority(
        frozenset({"cocoa", "coffee", "oil_palm", "soya"}),
        "Inspekcja Jakości Handlowej Artykułów Rolno-Spożywczych",
        "Agricultural and Food Quality Inspection",
        DRAFT_ACT_UC101,
    ),
    CompetentAuthority(
        frozenset({"cattle"}), "Inspekcja Weterynaryjna", "Veterinary Inspection", DRAFT_ACT_UC101
    ),
)

# What the notice carries: what a competent authority needs to act on it (the product, whom it
# came from and went to, the information and what was done), drawn from the concern record
# and the supplier and customer records the downstream operator or trader keeps (Article 5(3)).
NOTICE_CONTENTS: tuple[Promise, ...] = (
    _("the product or consignment concerned, with its HS code"),
    _("the substantiated information received, from whom and when"),
    _("your supplier and your customers of that consignment (name, postal address, e-mail)"),
    _("what you did: whether you withheld the product, and any step taken since"),
)


def competent_authorities(commodity: str | None = None) -> tuple[CompetentAuthority, ...]:
    """The authorities for a commodity; every one when the commodity is not known."""
    if commodity is None:
        return POLISH_COMPETENT_AUTHORITIES
    return tuple(row for row in POLISH_COMPETENT_AUTHORITIES if commodity in row.commodities)
