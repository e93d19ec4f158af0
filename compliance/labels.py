"""What the codes of a statement mean, for people: verdict rules, statuses, risk levels,
country benchmark classes, in the reader's language (gettext; English msgids).

The codes stay in the API's JSON; pages and documents show these labels beside or
instead of them. `*_TEXTS[lang][code]` reads a table in one language (for the
bilingual PDFs and the status page's own `?lang=`); `label(TABLE, code)` in the
active language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from eudr_service.lib.i18n import by_language

# What each verdict rule means (codes: compliance.screening.Rule).
RULE_LABELS = {
    "filed": _("filed, awaiting screening"),
    "article_13_low_risk": _(
        "low-risk country (Article 13, simplified due diligence); no evidence contradicts it"
    ),
    "forest_evidence_clear": _("forest data cover the plots; no forest loss after 2020-12-31"),
    "insufficient_evidence": _("no forest data for plots in a standard- or high-risk country"),
    "forest_loss_after_cutoff": _("the data show forest loss on a plot after 2020-12-31"),
    "high_risk": _("high risk: reviewed by staff"),
    "critical_risk": _("critical risk"),
    "plot_location_unconfirmed": _("a plot's location does not match the country of production"),
    "postal_address_low_risk": _(
        "land given as a postal address (Art. 4a(5)) in a low-risk country; no geolocation"
    ),
    "plot_not_screened": _("a plot could not be screened"),
    "geolocation_missing": _("a commodity without any plot: no geolocation to screen"),
    "staff_decision": _("staff decision"),
}
# Statuses as the public status page and the PDFs word them.
STATUS_LABELS = {
    # Only in a status history: the first change of every statement starts from it.
    "DRAFT": pgettext_lazy("public status", "draft"),
    "SUBMITTED": pgettext_lazy("public status", "submitted"),
    "UNDER_REVIEW": pgettext_lazy("public status", "under review"),
    "COMPLIANT": pgettext_lazy("public status", "compliant"),
    "AT_RISK": pgettext_lazy("public status", "at risk"),
    "NON_COMPLIANT": pgettext_lazy("public status", "non-compliant"),
    "WITHDRAWN": pgettext_lazy("public status", "withdrawn"),
    "EXPIRED": pgettext_lazy("public status", "expired"),
}
BENCHMARK_LABELS = {
    "low": pgettext_lazy("country benchmark", "low"),
    "standard": pgettext_lazy("country benchmark", "standard"),
    "high": pgettext_lazy("country benchmark", "high"),
}
RISK_LABELS = {
    "low": pgettext_lazy("risk level", "low"),
    "medium": pgettext_lazy("risk level", "medium"),
    "high": pgettext_lazy("risk level", "high"),
    "critical": pgettext_lazy("risk level", "critical"),
}

RULE_TEXTS = by_language(RULE_LABELS)
STATUS_TEXTS = by_language(STATUS_LABELS)
BENCHMARK_TEXTS = by_language(BENCHMARK_LABELS)
RISK_TEXTS = by_language(RISK_LABELS)


def label(table: Mapping[str, Promise], code: str | None) -> str:
    """The code's label in the active language; an unknown code as it is, none as ""."""
    if not code:
        return ""
    return str(table.get(code, code))


# Reasons the service itself writes into the status history (compliance.services,
# compliance.screening, eu_filing.amend, eu_filing.outbox); the stored
# text stays as written, pages show it in the reader's language.
SYSTEM_REASONS = {
    "Filed through the API": _("Filed through the API"),
    "Simplified declaration filed": _("Simplified declaration filed"),
    "Withdrawn by the operator": _("Withdrawn by the operator"),
    "demo data": _("demo data"),
}
_SCREENINGS = {
    "Automatic screening: ": _("Automatic screening"),
    "Amended and screened again: ": _("Amended and screened again"),
}
_FINDING = re.compile(r"(?P<code>[a-z0-9_]+) \((?P<count>\d+) plot\(s\)\)")


def _summary_label(summary: str) -> str:
    """ "article_13_low_risk: article_13_low_risk (1 plot(s))" (screening.Verdict.summary) in words."""
    rule, _sep, findings = summary.partition(": ")
    parts = []
    for finding in findings.split("; ") if findings else []:
        found = _FINDING.fullmatch(finding)
        if found is None:
            return summary
        count = int(found["count"])
        plots = ngettext("%(count)d plot", "%(count)d plots", count) % {"count": count}
        parts.append(f"{label(RULE_LABELS, found['code'])} ({plots})")
    if len(parts) == 1 and findings.startswith(f"{rule} ("):
        return parts[0]  # the rule is the only finding: said once
    return f"{label(RULE_LABELS, rule)}: " + "; ".join(parts) if parts else label(RULE_LABELS, rule)


def history_reason_label(reason: str) -> str:
    """A status change's reason in the active language; one typed by a person as typed."""
    if reason in SYSTEM_REASONS:
        return str(SYSTEM_REASONS[reason])
    for prefix, name in _SCREENINGS.items():
        if reason.startswith(prefix):
            return f"{name}: {_summary_label(reason[len(prefix) :])}"
    return reason


# What the screening stores on a plot it could not check (compliance.screening.plot_screen);
# the stored text stays as written, exports and pages show it in the reader's language.
SCREENING_ERRORS = {
    "parcel not found in the national register (ULDK)": _(
        "parcel not found in the national register (ULDK): check its identifier in the roster"
    ),
    "parcel service (ULDK) unreachable and parcel not cached": _(
        "the parcel register (ULDK) could not be reached and the parcel was not kept from an earlier answer"
    ),
}


def screening_error_label(text: str) -> str:
    """A plot's screening error in the active language; one not in the table as it is."""
    return str(SCREENING_ERRORS[text]) if text in SCREENING_ERRORS else text
