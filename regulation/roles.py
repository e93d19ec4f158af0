"""The roles an organisation may have under Regulation (EU) 2023/1115 as amended by
Regulation (EU) 2025/2650, and the obligations the amended text gives each: the law as data.

Each duty names its article and the source we read it in; `confirmed` says whether the
numbering was read in the Official Journal itself (it was not: see docs/regulation.md,
"Roles", for what was checked). The date a duty applies from is not a constant here: it
is the Article 38 date of the act in force (`ApplicationDate` rows, regulation.application_dates),
so an admin correction of a date reaches the roles too.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from regulation.application_dates import application_dates
from regulation.models import ApplicationCategory


class OrganisationRole(enum.StrEnum):
    OPERATOR = "operator"
    MICRO_SMALL_PRIMARY_OPERATOR = "micro_small_primary_operator"
    FIRST_DOWNSTREAM = "first_downstream_operator_or_trader"
    LATER_DOWNSTREAM = "later_downstream_operator_or_trader"
    AUTHORISED_REPRESENTATIVE = "authorised_representative"


DOWNSTREAM_ROLES = frozenset({OrganisationRole.FIRST_DOWNSTREAM, OrganisationRole.LATER_DOWNSTREAM})

ROLE_TITLES: dict[OrganisationRole, Promise] = {
    OrganisationRole.OPERATOR: _("Operator"),
    OrganisationRole.MICRO_SMALL_PRIMARY_OPERATOR: _("Micro or small primary operator"),
    OrganisationRole.FIRST_DOWNSTREAM: _("First downstream operator or trader"),
    OrganisationRole.LATER_DOWNSTREAM: _("Later downstream operator or trader"),
    OrganisationRole.AUTHORISED_REPRESENTATIVE: _("Authorised representative"),
}

ROLE_WHO: dict[OrganisationRole, Promise] = {
    OrganisationRole.OPERATOR: _("Places relevant products on the market first, or exports them."),
    OrganisationRole.MICRO_SMALL_PRIMARY_OPERATOR: _(
        "A natural person or a micro or small undertaking in a low-risk country placing on the "
        "market or exporting products it produced itself there."
    ),
    OrganisationRole.FIRST_DOWNSTREAM: _(
        "Buys relevant products directly from an operator and places them on the market, makes them "
        "available or exports them."
    ),
    OrganisationRole.LATER_DOWNSTREAM: _(
        "Buys relevant products from another downstream operator or trader, not from an operator."
    ),
    OrganisationRole.AUTHORISED_REPRESENTATIVE: _(
        "Files statements or declarations on an operator's behalf under a written mandate."
    ),
}

# Sources, by the short name docs/regulation.md lists them under.
OJ_2025_2650 = "Regulation (EU) 2025/2650, OJ L, 23.12.2025 (CELEX 32025R2650)"
OJ_2023_1115 = "Regulation (EU) 2023/1115, OJ L 150, 9.6.2023"
FAQ_2026 = "Commission FAQ on the EUDR, April 2026, question 3.4, as reported by sourcemap.com and lawcode.eu"
# Where Article 12's wording was read (regulation.reporting): not the English OJ text itself.
ARTICLE_12_READ_IN = "consolidated text at gesetze.legal (German) and lawcode.eu"

# Article 5(4) as amended: records kept five years. Used by the deletion job; never shorten.
RECORDS_RETENTION_YEARS = 5
CLIMATE_BLOG_2025 = (
    "climatechangelegalblogarchive.com, December 2025, on the adopted Regulation (EU) 2025/2650 "
    "(downstream operators and traders: traceability, record-keeping, notification of risks, "
    "cooperation with competent authorities)"
)


@dataclass(frozen=True)
class RetentionRule:
    """How long one kind of record is kept, from which day, and why."""

    years: int
    counted_from: str
    provision: str
    source: str
    confirmed: bool  # the period read in the OJ itself for this very record


# Records under retention: no path deletes them before the end (eudr_service.lib.retention).
RETENTION_RULES: dict[str, RetentionRule] = {
    "trading_partner_record": RetentionRule(
        RECORDS_RETENTION_YEARS,
        "the consignment date",
        "Article 5(4) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650",
        "lawcode.eu on the Commission's FAQ (April 2026), question 3.4: five years from placing, "
        "making available or export",
        False,
    ),
    # The Regulation sets no period of its own for the record of a substantiated concern that we
    # could find. It is information on the products supplied that Article 5(4) keeps five years,
    # and the evidence an authority checks (Articles 16 and 18): our choice is the same five
    # years, from the day the concern was received, never shorter.
    "substantiated_concern": RetentionRule(
        RECORDS_RETENTION_YEARS,
        "the day the concern was received",
        "Article 5(4) of Regulation (EU) 2023/1115 as amended, applied by this service to the "
        "concern record (no period of its own found)",
        f"{OJ_2025_2650}; lawcode.eu on FAQ 3.4",
        False,
    ),
}
CONCERN_RECORDS_RETENTION_YEARS = RETENTION_RULES["substantiated_concern"].years


# The article references of the duties below and the provisions of the dates of application
# (`ApplicationDate.provision`), in the reader's language (gettext; English msgids). The
# rows keep their English, which the API gives as it is; the panel shows these. A provision
# an admin types that is not listed here is shown as typed.
LEGAL_REFERENCES: dict[str, Promise] = {
    # The sources the duties were read in (shown beside a duty whose numbering is unconfirmed).
    OJ_2025_2650: pgettext_lazy(
        "legal reference", "Regulation (EU) 2025/2650, OJ L, 23.12.2025 (CELEX 32025R2650)"
    ),
    OJ_2023_1115: pgettext_lazy("legal reference", "Regulation (EU) 2023/1115, OJ L 150, 9.6.2023"),
    "lawcode.eu on FAQ 3.4": pgettext_lazy("legal reference", "lawcode.eu on FAQ 3.4"),
    FAQ_2026: pgettext_lazy(
        "legal reference",
        "Commission FAQ on the EUDR, April 2026, question 3.4, as reported by sourcemap.com and lawcode.eu",
    ),
    "Articles 4, 8 to 11": pgettext_lazy("legal reference", "Articles 4, 8 to 11"),
    "Article 4": pgettext_lazy("legal reference", "Article 4"),
    "Article 5(2)": pgettext_lazy("legal reference", "Article 5(2)"),
    "Article 5(3)": pgettext_lazy("legal reference", "Article 5(3)"),
    "Article 5(4)": pgettext_lazy("legal reference", "Article 5(4)"),
    "Article 5(6)": pgettext_lazy("legal reference", "Article 5(6)"),
    "Article 6(1)": pgettext_lazy("legal reference", "Article 6(1)"),
    "Article 6(2)": pgettext_lazy("legal reference", "Article 6(2)"),
    "Article 13": pgettext_lazy("legal reference", "Article 13"),
    "Article 12(2)": pgettext_lazy("legal reference", "Article 12(2)"),
    "Article 12(3)": pgettext_lazy("legal reference", "Article 12(3)"),
    ARTICLE_12_READ_IN: pgettext_lazy(
        "legal reference", "consolidated text at gesetze.legal (German) and lawcode.eu"
    ),
    "Article 5 as amended by Regulation (EU) 2025/2650 (paragraph not confirmed)": pgettext_lazy(
        "legal reference", "Article 5 as amended by Regulation (EU) 2025/2650 (paragraph not confirmed)"
    ),
    CLIMATE_BLOG_2025: pgettext_lazy(
        "legal reference",
        "climatechangelegalblogarchive.com, December 2025, on the adopted Regulation (EU) 2025/2650 "
        "(downstream operators and traders: traceability, record-keeping, notification of risks, "
        "cooperation with competent authorities)",
    ),
    "provisions inserted by Regulation (EU) 2025/2650": pgettext_lazy(
        "legal reference", "provisions inserted by Regulation (EU) 2025/2650"
    ),
    "provisions inserted by Regulation (EU) 2025/2650; Annex III": pgettext_lazy(
        "legal reference", "provisions inserted by Regulation (EU) 2025/2650; Annex III"
    ),
    "Article 38(2) of Regulation (EU) 2023/1115 as first published": pgettext_lazy(
        "legal reference", "Article 38(2) of Regulation (EU) 2023/1115 as first published"
    ),
    "Article 38(3) of Regulation (EU) 2023/1115 as first published": pgettext_lazy(
        "legal reference", "Article 38(3) of Regulation (EU) 2023/1115 as first published"
    ),
    "Article 38(2) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2024/3234": pgettext_lazy(
        "legal reference",
        "Article 38(2) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2024/3234",
    ),
    "Article 38(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2024/3234": pgettext_lazy(
        "legal reference",
        "Article 38(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2024/3234",
    ),
    "Article 38(2) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650": pgettext_lazy(
        "legal reference",
        "Article 38(2) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650",
    ),
    "Article 38(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650": pgettext_lazy(
        "legal reference",
        "Article 38(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) 2025/2650",
    ),
}


def legal_reference_label(text: str | None) -> str:
    """An article reference, provision or source in the active language; one not listed as it is.
    Sources cited together ("A; B") are translated one by one."""
    if not text:
        return ""
    if text in LEGAL_REFERENCES:
        return str(LEGAL_REFERENCES[text])
    if "; " in text:
        return "; ".join(str(LEGAL_REFERENCES.get(part, part)) for part in text.split("; "))
    return text


@dataclass(frozen=True)
class Duty:
    code: str
    text: Promise
    article: str  # English, as the API gives it; article_label in the reader's language
    source: str
    confirmed: bool  # the article's wording and numbering read in the OJ itself
    category: ApplicationCategory = ApplicationCategory.GENERAL
    non_sme_only: bool = False

    @property
    def article_label(self) -> str:
        return legal_reference_label(self.article)

    @property
    def source_label(self) -> str:
        return legal_reference_label(self.source)


_PARTNERS = Duty(
    "keep_partner_records",
    _(
        "Collect and keep, for each consignment, the name, postal address and e-mail address of "
        "every supplier and every customer (registered trade name and web address when there are)."
    ),
    "Article 5(3)",
    f"{OJ_2025_2650}; {FAQ_2026}",
    False,
)
_RETAIN = Duty(
    "retain_five_years",
    _("Keep that information for five years and show it to a competent authority on request."),
    "Article 5(4)",
    f"{OJ_2025_2650}; lawcode.eu on FAQ 3.4",
    False,
)
_REGISTER = Duty(
    "register_in_information_system",
    _("Register in the EU Information System (not required of SMEs)."),
    "Article 5(2)",
    f"{OJ_2025_2650}; lawcode.eu on FAQ 3.4",
    False,
    non_sme_only=True,
)
_CONCERNS = Duty(
    "act_on_substantiated_concerns",
    _(
        "Before placing on the market, making available or exporting, act on substantiated concerns "
        "that a product may not comply, and record what was done (not required of SMEs)."
    ),
    "Article 5(6)",
    OJ_2025_2650,
    False,
    non_sme_only=True,
)

# Every downstream operator and trader, SMEs included: inform the competent authorities without
# delay of substantiated information that products do not comply. Reported for the amended
# Article 5 by CLIMATE_BLOG_2025 ("notification of risks") and by the issue that asked for it;
# the paragraph number and wording are not confirmed against the OJ. Whom to inform in Poland
# and what to send: regulation.authorities.
_INFORM = Duty(
    "inform_competent_authorities",
    _(
        "Inform the competent authority without delay when you have substantiated information that "
        "a product does not comply, and record what you sent (also for SMEs)."
    ),
    "Article 5 as amended by Regulation (EU) 2025/2650 (paragraph not confirmed)",
    f"{OJ_2025_2650}; {CLIMATE_BLOG_2025}",
    False,
)

ROLE_DUTIES: dict[OrganisationRole, tuple[Duty, ...]] = {
    OrganisationRole.OPERATOR: (
        Duty(
            "due_diligence_statement",
            _(
                "Exercise due diligence (information, risk assessment, risk mitigation) and submit a "
                "due diligence statement before placing on the market or exporting."
            ),
            "Articles 4, 8 to 11",
            OJ_2023_1115,
            True,
        ),
        Duty(
            "simplified_due_diligence",
            _("For products of a low-risk country, simplified due diligence: information only."),
            "Article 13",
            OJ_2023_1115,
            True,
        ),
        # Article 12 (regulation.reporting holds the rows the annual report uses).
        Duty(
            "review_due_diligence_system",
            _(
                "Review the due diligence system at least once a year and keep the records of its "
                "updates for five years."
            ),
            "Article 12(2)",
            f"{OJ_2023_1115}; {ARTICLE_12_READ_IN}",
            False,
        ),
        Duty(
            "annual_public_report",
            _(
                "Report publicly each year, also on the internet, on the due diligence system and the "
                "steps taken under Article 8 (not required of SMEs)."
            ),
            "Article 12(3)",
            f"{OJ_2023_1115}; {ARTICLE_12_READ_IN}",
            False,
            non_sme_only=True,
        ),
        Duty(
            "pass_reference_numbers",
            _("Give the statement's reference number to the next operator or trader in the chain."),
            "Article 4",
            f"{OJ_2023_1115}; {FAQ_2026}",
            False,
        ),
    ),
    OrganisationRole.MICRO_SMALL_PRIMARY_OPERATOR: (
        Duty(
            "simplified_declaration",
            _(
                "Submit a one-time simplified declaration (Annex III) instead of due diligence "
                "statements; the land may be given by postal address or cadastral identifier."
            ),
            "provisions inserted by Regulation (EU) 2025/2650; Annex III",
            OJ_2025_2650,
            False,
            category=ApplicationCategory.MICRO_SMALL,
        ),
        Duty(
            "pass_declaration_identifier",
            _("Give the declaration identifier to the buyer of the products."),
            "provisions inserted by Regulation (EU) 2025/2650",
            f"{OJ_2025_2650}; {FAQ_2026}",
            False,
            category=ApplicationCategory.MICRO_SMALL,
        ),
    ),
    OrganisationRole.FIRST_DOWNSTREAM: (
        Duty(
            "keep_reference_numbers",
            _(
                "Also collect and keep the due diligence statement reference numbers or the "
                "simplified declaration identifiers of the products bought from the operator."
            ),
            "Article 5(3)",
            f"{OJ_2025_2650}; {FAQ_2026}",
            False,
        ),
        _PARTNERS,
        _RETAIN,
        _REGISTER,
        _CONCERNS,
        _INFORM,
    ),
    OrganisationRole.LATER_DOWNSTREAM: (_PARTNERS, _RETAIN, _REGISTER, _CONCERNS, _INFORM),
    OrganisationRole.AUTHORISED_REPRESENTATIVE: (
        Duty(
            "file_under_mandate",
            _(
                "File statements or declarations on the operator's behalf under a written mandate; "
                "the operator stays responsible."
            ),
            "Article 6(1)",
            OJ_2023_1115,
            True,
        ),
        Duty(
            "show_mandate",
            _("Show the mandate to a competent authority on request."),
            "Article 6(2)",
            OJ_2023_1115,
            True,
        ),
    ),
}


@dataclass(frozen=True)
class DutyView:
    """A duty as it applies to one organisation on one day."""

    duty: Duty
    applies_from: date | None
    applies_from_provision: str | None
    applies_to_organisation: bool  # False: an SME is exempt from a non-SME duty
    # A duty of Article 38(3)'s category: its later date and the cut-off the operator must
    # have been established by, shown when the general date is given instead (not known, or
    # established too late).
    later_date: date | None = None
    established_by: date | None = None

    @property
    def applies_from_provision_label(self) -> str:
        return legal_reference_label(self.applies_from_provision)


def asks_for_reference_numbers(roles: list[str] | tuple[str, ...]) -> bool:
    """Whether the organisation must collect upstream reference numbers or declaration identifiers:
    only the first downstream operator or trader (Article 5(3) as amended), never a later one."""
    return OrganisationRole.FIRST_DOWNSTREAM in roles


def duties_for(
    role: OrganisationRole, *, sme: bool | None, on: date, established_small_on: date | None = None
) -> list[DutyView]:
    """`role`'s duties with the date each applies from under the act in force on `on`.

    Downstream operators' and traders' duties take the general date whatever their size: the
    later date of Article 38(3) is for operators only (application_dates.LATER_DATE_FOR_OPERATORS_ONLY),
    as regime.obligations_apply_from answers. A duty of the micro and small category takes the
    later date only if the organisation (or natural person) was established as such by the
    act's cut-off (`established_small_on`); not known or too late, the general date, never a
    later one than the law's. `sme` None (not said) counts as non-SME: the duty is shown as
    applying, never hidden."""
    rules = application_dates(on)
    general = rules.get(ApplicationCategory.GENERAL)
    views = []
    for duty in ROLE_DUTIES[role]:
        rule = rules.get(duty.category) or general
        later = None
        if duty.category == ApplicationCategory.MICRO_SMALL and rule is not None and rule.established_by:
            later = rule
            on_time = established_small_on is not None and established_small_on <= rule.established_by
            rule = rule if on_time else general
        views.append(
            DutyView(
                duty=duty,
                applies_from=rule.applies_from if rule else None,
                applies_from_provision=rule.provision if rule else None,
                applies_to_organisation=not (duty.non_sme_only and sme is True),
                later_date=later.applies_from if later else None,
                established_by=later.established_by if later else None,
            )
        )
    return views
