"""What the annual report says around its figures, and each figure's name, as gettext
messages (English msgids; Polish in locale/). Read in the report's own language."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from compliance.labels import RISK_LABELS, RULE_LABELS, STATUS_LABELS
from eudr_service.lib.i18n import by_language
from regulation.commodities import commodity_label

MESSAGES = {
    "title": _("Annual report on the due diligence system"),
    "year": _("Year"),
    "period": _("Period covered"),
    "operator": pgettext_lazy("annual report", "Operator"),
    "legal_basis": _(
        "Published under Article 12(3) of Regulation (EU) 2023/1115 as amended by Regulation (EU) "
        "2025/2650: operators that are not SMEs report publicly each year on their due diligence "
        "system and the steps taken to fulfil the obligations of Article 8."
    ),
    "how_to_read": _("How to read this report"),
    "from_data": _(
        "Sections marked “from the records” are computed by the service from the records the "
        "operator keeps in it (statements filed, screenings, status changes, supplier and customer "
        "records, upstream reference checks, substantiated concerns). Nobody typed these figures."
    ),
    "own_words": _(
        "Sections marked “in the operator's words” were written by the operator; the service "
        "has not checked them."
    ),
    "badge_data": _("from the records"),
    "badge_words": _("in the operator's words"),
    "system_description": _("The due diligence system"),
    "steps_taken": _("Steps taken to fulfil the obligations of Article 8"),
    "not_written": _("The operator has not written this section."),
    "reviews": _("Reviews of the due diligence system (Article 12(2))"),
    "reviewed_on": _("Date"),
    "reviewer": _("Reviewed by"),
    "review_summary": _("Summary"),
    "no_reviews": _("No review of the system is recorded for this year."),
    "figure": _("Figure"),
    "value": _("Number"),
    "none_recorded": _("none recorded"),
    "not_published": _("Draft: not published. Figures as of"),
    "published": _("Published"),
    "figures_as_of": _("Figures computed on"),
    "limits": _("What this report does not show"),
    "limits_text": _(
        "Only what the operator recorded in this service: statements filed elsewhere, mitigation "
        "steps outside the service and supplier checks made on paper are not counted. Status "
        "counts are as of the date the figures were computed."
    ),
    "duty_applies": _("The duty of Article 12(3) applies to this operator (not an SME)."),
    "duty_voluntary": _("The operator is an SME: it publishes this report voluntarily."),
    "duty_unknown": _("The operator has not said which roles it has under the Regulation."),
    "not_found_title": _("Report not found"),
    "not_found": _("There is no published annual report at this address."),
}
TEXTS = by_language(MESSAGES)

SECTION_LABELS = {
    "statements": _("Statements and declarations filed"),
    "risk": _("Risk assessment"),
    "mitigation": _("Risk mitigation and concerns"),
    "suppliers": _("Suppliers"),
    "upstream": _("Upstream reference checks"),
}

GROUP_LABELS = {
    "filed": _("Filed in the year"),
    "by_status": _("By status today"),
    "by_commodity": _("By commodity"),
    "by_country": _("By country of production"),
    "by_risk": _("By risk level"),
    "assessments": _("Assessments"),
    "plots_by_risk": _("Plots assessed, by risk level"),
    "plots_by_finding": _("Plots assessed, by finding"),
    "status_changes": _("Statements moved in the year"),
    "concerns": _("Substantiated concerns received"),
    "roster": _("Supplier roster at the end of the year"),
    "partner_records": _("Supplier and customer records of the year's consignments"),
    "checks": _("Reference numbers checked with the EU system"),
    "by_result": _("By the EU system's answer"),
}

CODE_LABELS = {
    "dds": _("due diligence statements"),
    "sd": _("simplified declarations"),
    "not_assessed": _("not assessed"),
    "statements_screened": _("statements screened"),
    "plots_assessed": _("plots assessed"),
    "received": _("concerns received"),
    "placing_withheld": _("products withheld"),
    "authority_informed": _("authorities informed"),
    "suppliers": _("suppliers"),
    "active_mandates": _("suppliers with an active mandate"),
    "supplier": _("supplier records"),
    "customer": _("customer records"),
    "recorded": _("reference numbers recorded"),
    "EXISTING_USABLE": _("exists and usable"),
    "EXISTING_NON_USABLE": _("exists, not usable"),
    "NON_EXISTENT": _("does not exist"),
    "not_answered": _("no answer yet"),
}


def code_label(group: str, code: str, lang: str) -> str:
    """A figure's name in `lang`: statuses, risk levels, findings and commodities from their
    own tables; an unknown code as it is (a country's ISO code stays a code)."""
    with translation.override(lang):
        if group in ("by_status", "status_changes"):
            return str(STATUS_LABELS.get(code, code))
        if group in ("by_risk", "plots_by_risk") and code in RISK_LABELS:
            return str(RISK_LABELS[code])
        if group == "plots_by_finding":
            return str(RULE_LABELS.get(code, code))
        if group == "by_commodity":
            return commodity_label(code)
        return str(CODE_LABELS.get(code, code))


def labelled_sections(figures: list[dict], lang: str) -> list[dict]:
    """The figures grouped for the page: sections of groups of rows, each with its label."""
    sections: list[dict] = []
    for figure in figures:
        if not sections or sections[-1]["key"] != figure["section"]:
            with translation.override(lang):
                title = str(SECTION_LABELS[figure["section"]])
            sections.append({"key": figure["section"], "title": title, "groups": []})
        groups = sections[-1]["groups"]
        if not groups or groups[-1]["key"] != figure["group"]:
            with translation.override(lang):
                title = str(GROUP_LABELS[figure["group"]])
            groups.append({"key": figure["group"], "title": title, "rows": []})
        groups[-1]["rows"].append(
            {
                "id": f"{figure['section']}.{figure['group']}.{figure['code']}",
                "label": code_label(figure["group"], figure["code"], lang),
                "value": figure["value"],
            }
        )
    return sections
