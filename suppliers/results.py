"""A bulk filing's results for people: one line per supplier, in the reader's language.

The JSON download keeps the codes (clients switch on them); the CSV and XLSX downloads are
read in a spreadsheet by the buyer, so they say everything in words: Polish headers (the
roster template's own names where a column is the same), the row's state, our status and the
EU's in words, and in `errors` every reason a row needs attention: the row's own errors, a
plot the screening could not check (a parcel the register ULDK does not know), the EU's
refusal or why nothing was sent (no EU credentials). A row without a problem has it empty.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override, pgettext_lazy

from compliance.labels import RULE_LABELS, STATUS_LABELS, label, screening_error_label
from compliance.models import DDSPlot
from eu_filing.labels import EU_STATUS_LABELS, eu_error_view
from eu_filing.models import EuSubmission
from suppliers.models import BulkFiling, BulkFilingRow, RowState

RESULT_HEADERS = (
    pgettext_lazy("export column", "producer number"),
    pgettext_lazy("export column", "supplier"),
    pgettext_lazy("export column", "filing state"),
    pgettext_lazy("export column", "declaration"),
    pgettext_lazy("export column", "screening status"),
    pgettext_lazy("export column", "EU status"),
    pgettext_lazy("export column", "EU reference number"),
    pgettext_lazy("export column", "EU verification number"),
    pgettext_lazy("export column", "errors"),
)
ROW_STATE_LABELS = dict(RowState.choices)
# A row's error codes in words: ours (suppliers.bulk) and those of the filing's validation
# (compliance's serializers) a checked roster row can still meet; any other code keeps the
# message stored with it (the API's, in English).
ROW_ERROR_LABELS = {
    "goods_missing": pgettext_lazy(
        "bulk filing row", "The filing names no goods for this supplier's commodity."
    ),
    "filing_error": pgettext_lazy("bulk filing row", "The declaration could not be filed; retry the row."),
    "hs_not_in_annex_i": pgettext_lazy(
        "bulk filing row",
        "the HS code of the filing's goods is not under an Annex I line of this commodity; correct "
        "the goods and retry the row",
    ),
    "required": pgettext_lazy("bulk filing row", "a required value is missing"),
    "sd_operator_not_eligible": pgettext_lazy(
        "bulk filing row", "the supplier's size does not allow a simplified declaration"
    ),
    "sd_country_not_eligible": pgettext_lazy(
        "bulk filing row", "a simplified declaration needs a low-risk country of production"
    ),
    "commodity_out_of_scope": pgettext_lazy("bulk filing row", "the commodity is outside the regulation"),
}
_WHOLE_ROW = frozenset({"goods_missing", "filing_error"})
# The last part of an error's field path in words (commodities[0].hs_heading -> HS code).
FIELD_LABELS = {
    "hs_heading": pgettext_lazy("bulk filing row", "HS code"),
    "parcel_id": pgettext_lazy("bulk filing row", "parcel"),
    "net_mass_kg": pgettext_lazy("bulk filing row", "net mass"),
    "supplementary_unit": pgettext_lazy("bulk filing row", "quantity"),
    "size": pgettext_lazy("bulk filing row", "size"),
    "postal_code": pgettext_lazy("bulk filing row", "postal code"),
}
# Findings that need nothing from the buyer: not errors.
_FINE_FINDINGS = frozenset(
    {"", "filed", "article_13_low_risk", "forest_evidence_clear", "postal_address_low_risk"}
)


def _row_errors(row: BulkFilingRow) -> Iterator[str]:
    for error in row.errors:
        code = error.get("code")
        words = str(ROW_ERROR_LABELS[code]) if code in ROW_ERROR_LABELS else error["message"]
        field = _field_words(error.get("field"))
        yield f"{field}: {words}" if field and code not in _WHOLE_ROW else words


def _field_words(path: str | None) -> str:
    """The field of an error in words where we have them, else its path as the API names it."""
    if not path:
        return ""
    last = re.sub(r"\[\d+\]", "", path.rsplit(".", 1)[-1])
    return str(FIELD_LABELS[last]) if last in FIELD_LABELS else path


def _plot_errors(plots: list[DDSPlot]) -> Iterator[str]:
    for plot in plots:
        if plot.screening_error:
            reason = screening_error_label(plot.screening_error)
        elif plot.finding not in _FINE_FINDINGS:
            reason = label(RULE_LABELS, plot.finding)
        else:
            continue
        where = plot.parcel_id or f"{plot.commodity.position}.{plot.position}"
        yield str(_("plot %(plot)s: %(reason)s")) % {"plot": where, "reason": reason}


def _eu_errors(submission: EuSubmission | None) -> Iterator[str]:
    # Our own sentences (no EU credentials, not sent while under review) translated; the EU's as written.
    view = eu_error_view(submission) if submission is not None else None
    if view is not None:
        yield str(view.text)


def _eu_status(submission: EuSubmission | None) -> str:
    if submission is None:
        return ""
    if submission.eu_status:
        return label(EU_STATUS_LABELS, submission.eu_status)
    return submission.get_state_display()


def _plots_by_statement(rows: list[BulkFilingRow]) -> dict[int, list[DDSPlot]]:
    """Per statement, its plots with a problem; the others (most) and the risk answers are not
    read: 5,000 suppliers of up to 100 parcels each stay one small query."""
    found: dict[int, list[DDSPlot]] = {}
    plots = (
        DDSPlot.objects.filter(commodity__statement_id__in=[r.statement_id for r in rows if r.statement_id])
        .filter(~Q(screening_error="") | ~Q(finding__in=_FINE_FINDINGS))
        .select_related("commodity")
        .only(
            "parcel_id",
            "position",
            "screening_error",
            "finding",
            "commodity__position",
            "commodity__statement_id",
        )
    )
    for plot in plots.order_by("commodity__position", "position"):
        found.setdefault(plot.commodity.statement_id, []).append(plot)
    return found


def bulk_filing_results_table(filing: BulkFiling, *, lang: str) -> tuple[list[str], list[list[Any]]]:
    """The results' headers and rows in `lang`, every code in words."""
    rows = list(
        BulkFilingRow.objects.filter(filing=filing).select_related("supplier", "statement").order_by("id")
    )
    outbox = {
        s.statement_id: s
        for s in EuSubmission.objects.filter(
            statement_id__in=[r.statement_id for r in rows if r.statement_id]
        )
    }
    plots = _plots_by_statement(rows)
    with override(lang):
        headers = [str(header) for header in RESULT_HEADERS]
        lines = [
            _result_line(row, outbox.get(row.statement_id), plots.get(row.statement_id, [])) for row in rows
        ]
    return headers, lines


def _result_line(row: BulkFilingRow, submission: EuSubmission | None, plots: list[DDSPlot]) -> list[Any]:
    statement = row.statement
    status = statement.effective_status() if statement else ""
    errors = [*_row_errors(row), *_plot_errors(plots), *_eu_errors(submission)]
    return [
        row.supplier.producer_number,
        row.supplier.name,
        str(ROW_STATE_LABELS.get(row.state, row.state)),
        statement.dds_id if statement else "",
        label(STATUS_LABELS, status),
        _eu_status(submission),
        (submission.reference_number if submission else "") or "",
        (submission.verification_number if submission else "") or "",
        "; ".join(errors),
    ]
