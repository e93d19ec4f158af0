"""A buyer's suppliers: the roster, mandates asked by e-mail, bulk filing and a map.

The page is a front to the suppliers app, as the API is (suppliers/views.py,
suppliers/filing_views.py): the roster goes through suppliers.services.roster_import,
the mandate requests through suppliers.mandates, the bulk filing through the API's own
serializer and suppliers.bulk. What the services refuse is shown in the page's
language: a roster's problems line by line, the serializer's refusals next to the field
they concern. The panel acts in live mode (test suppliers are for test keys).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import shapely
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Max, OuterRef, Q, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.limits import panel_actions_per_minute, rate_limited
from compliance.geolocation import to_shape
from compliance.labels import label
from compliance.models import DDSPlot
from compliance.plot_map import MapPlot, plot_map_svg
from eu_filing.labels import EU_STATUS_LABELS
from eu_filing.models import EuSubmission
from eu_filing.outbox import eu_credential_usable
from eudr_service.lib.body_limit import accepts_body
from eudr_service.lib.problems import flatten_validation_errors
from panel.documents import STATUS_LABELS, _plans_with
from panel.filings import filing_act, filing_view
from panel.forms import BulkFilingForm, RosterUploadForm, SupplierFilterForm
from panel.upstream import SKIPPED_OWN_LABELS, own_declaration_view, upstream_attention_count
from regulation.annex_i import annex_lines
from regulation.commodities import commodity_label
from risk.engine import ParcelRecord
from suppliers.bulk import (
    BulkFilingRunning,
    GoodsMissing,
    bulk_filing_create,
)
from suppliers.mandates import MandateLimitReached, mandates_request_many
from suppliers.models import (
    BulkFiling,
    BulkFilingRow,
    MandateStatus,
    Supplier,
    SupplierMandate,
)
from suppliers.roster import COLUMNS, RosterInvalid, RowError
from suppliers.serializers import BulkFilingInSerializer
from suppliers.services import roster_import

PAGE_SIZE = 50
SHOWN_FILINGS = 5
MAX_MAP_PLOTS = 500  # drawn on one map; more are left off, and the page says so
MAX_PROBLEMS_SHOWN = 200  # of a refused roster; the count of the rest is given
NO_MANDATE = "none"  # the filter's value for suppliers who never gave one
SIZE_LABELS = {
    "natural_person": gettext_lazy("natural person"),
    "micro": gettext_lazy("micro undertaking"),
    "small": gettext_lazy("small undertaking"),
}
MANDATE_LABELS = dict(MandateStatus.choices)
NO_MANDATE_LABEL = gettext_lazy("no mandate")
# Why a bulk filing left a supplier out (suppliers/bulk.py), in words.
SKIPPED_LABELS = {
    "no_mandate": NO_MANDATE_LABEL,
    "already_declared": gettext_lazy("already declared in an earlier filing"),
}
# The services' own English texts for problems the panel words itself.
_PROBLEM_WORDS = {
    "unsupported_format": gettext_lazy("Upload a .csv or .xlsx file."),
}


def _lang() -> str:
    return (get_language() or settings.LANGUAGE_CODE)[:2]


def _owned(user) -> Any:
    """The account's live suppliers, each with the status of its newest mandate."""
    newest = SupplierMandate.objects.filter(supplier=OuterRef("pk")).order_by("-created_at", "-id")
    return (
        Supplier.objects.filter(owner=user, livemode=True)
        .select_related("existing_declaration")
        .annotate(mandate_status=Subquery(newest.values("status")[:1]))
    )


def _column_name(key: str, lang: str) -> str:
    column = next((c for c in COLUMNS if c.key == key), None)
    if column is None:
        return key
    return column.polish if lang == "pl" else column.english


def roster_problems(errors: list[RowError], lang: str) -> list[str]:
    """Each problem as "line N, column X: message", in the page's language."""
    found = []
    with translation.override(lang):
        for error in errors:
            message = str(_PROBLEM_WORDS.get(error.code, error.message))
            if error.line <= 0:
                found.append(_("The file: %(message)s") % {"message": message})
            elif error.field == "file":
                found.append(_("Line %(line)s: %(message)s") % {"line": error.line, "message": message})
            else:
                found.append(
                    _("Line %(line)s, column %(column)s: %(message)s")
                    % {"line": error.line, "column": _column_name(error.field, lang), "message": message}
                )
    return found


def _latest_rows(suppliers) -> list[BulkFilingRow]:
    """The newest filed row of each supplier (its latest declaration), in one query each way."""
    last = (
        BulkFilingRow.objects.filter(supplier__in=suppliers, statement__isnull=False)
        .values("supplier")
        .annotate(last=Max("id"))
        .values("last")
    )
    return list(BulkFilingRow.objects.filter(id__in=Subquery(last)).select_related("statement", "supplier"))


def _declaration_views(rows: list[BulkFilingRow]) -> dict[int, dict[str, Any]]:
    """Per supplier id: its latest declaration, our status and the EU's, in words."""
    outbox = {
        s.statement_id: s for s in EuSubmission.objects.filter(statement__in=[r.statement for r in rows])
    }
    found = {}
    for row in rows:
        statement = row.statement
        status = statement.effective_status()
        eu = outbox.get(statement.pk)
        if eu is None:
            eu_label = ""
        elif eu.eu_status:
            eu_label = label(EU_STATUS_LABELS, eu.eu_status)
        else:
            eu_label = eu.get_state_display()
        found[row.supplier_id] = {
            "dds_id": statement.dds_id,
            "status_label": STATUS_LABELS.get(status, status),
            "eu_label": eu_label,
        }
    return found


def _filters(request: HttpRequest, owned) -> tuple[SupplierFilterForm, Any, str]:
    commodities = sorted(
        {code for code in owned.values_list("commodity", flat=True).distinct()},
        key=commodity_label,
    )
    mandates = [*((code, text) for code, text in MandateStatus.choices), (NO_MANDATE, NO_MANDATE_LABEL)]
    form = SupplierFilterForm(
        request.GET or None,
        commodities=[(code, commodity_label(code)) for code in commodities],
        mandates=mandates,
    )
    chosen = owned
    query = {}
    if form.is_valid():
        if form.cleaned_data["commodity"]:
            chosen = chosen.filter(commodity=form.cleaned_data["commodity"])
            query["commodity"] = form.cleaned_data["commodity"]
        if form.cleaned_data["mandate"] == NO_MANDATE:
            chosen = chosen.filter(mandate_status__isnull=True)
        elif form.cleaned_data["mandate"]:
            chosen = chosen.filter(mandate_status=form.cleaned_data["mandate"])
        if form.cleaned_data["mandate"]:
            query["mandate"] = form.cleaned_data["mandate"]
    return form, chosen, (urlencode(query) + "&") if query else ""


def _roster_rows(page) -> list[dict[str, Any]]:
    suppliers = list(page)
    declarations = _declaration_views(_latest_rows(suppliers))
    return [
        {
            "supplier": supplier,
            "commodity_label": commodity_label(supplier.commodity),
            "size_label": SIZE_LABELS.get(supplier.size, supplier.size),
            "mandate_label": MANDATE_LABELS.get(supplier.mandate_status, NO_MANDATE_LABEL)
            if supplier.mandate_status
            else NO_MANDATE_LABEL,
            "mandate_active": supplier.mandate_status == MandateStatus.ACTIVE,
            "declaration": declarations.get(supplier.pk),
            "own_declaration": own_declaration_view(supplier),
        }
        for supplier in suppliers
    ]


def _skipped_label(reason: str) -> str:
    if reason in SKIPPED_OWN_LABELS:
        return str(SKIPPED_OWN_LABELS[reason])
    if reason.startswith("mandate_") and reason.removeprefix("mandate_") in MANDATE_LABELS:
        return str(MANDATE_LABELS[reason.removeprefix("mandate_")])
    if reason in SKIPPED_LABELS:
        return str(SKIPPED_LABELS[reason])
    return _("another reason (%(code)s)") % {"code": reason}


def _filing_views(user, *, reaches_eu: bool) -> list[dict[str, Any]]:
    views = []
    for filing in BulkFiling.objects.filter(owner=user, livemode=True)[:SHOWN_FILINGS]:
        view = filing_view(filing, reaches_eu=reaches_eu)
        view["skipped"] = [(_skipped_label(reason), n) for reason, n in sorted(filing.skipped.items())]
        views.append(view)
    return views


def suppliers_map(user, *, lang: str) -> dict[str, Any]:
    """The parcels of the suppliers' latest declarations on one map, at most MAX_MAP_PLOTS."""
    rows = _latest_rows(Supplier.objects.filter(owner=user, livemode=True))
    if not rows:
        return {"filed": False, "svg": "", "truncated": False, "legend": []}
    supplier_of = {row.statement_id: row.supplier for row in rows}
    plots = DDSPlot.objects.filter(commodity__statement_id__in=list(supplier_of)).filter(
        Q(geometry__isnull=False) | ~Q(parcel_id="")
    )
    total = plots.count()
    chosen = list(
        plots.select_related("commodity").order_by(
            "commodity__statement_id", "commodity__position", "position"
        )[:MAX_MAP_PLOTS]
    )
    cached = dict(
        ParcelRecord.objects.filter(
            parcel_id__in={p.parcel_id for p in chosen if p.parcel_id and not p.geometry}
        ).values_list("parcel_id", "geometry_wkt")
    )
    numbers: dict[int, str] = {}
    legend = []
    drawn = []
    for plot in chosen:
        try:
            if plot.geometry:
                geometry = to_shape(plot.geometry)
            elif plot.parcel_id in cached:
                geometry = shapely.from_wkt(cached[plot.parcel_id])
            else:
                continue
        except Exception:  # a geometry we cannot read is left off the map, never fails the page
            continue
        supplier = supplier_of[plot.commodity.statement_id]
        if supplier.pk not in numbers:
            numbers[supplier.pk] = str(len(numbers) + 1)
            legend.append({"number": numbers[supplier.pk], "supplier": supplier})
        tip = f"{supplier.producer_number} {plot.parcel_id}".strip()
        drawn.append(MapPlot(numbers[supplier.pk], geometry, plot.risk_level or "", tip))
    svg = plot_map_svg(plots=drawn, country="PL", lang=lang) if drawn else ""
    return {"filed": True, "svg": svg, "truncated": total > MAX_MAP_PLOTS, "legend": legend}


def _goods_field(path: str | None) -> str | None:
    """A serializer error's path (goods.soya.hs_heading, goods.soya) as a form field."""
    parts = (path or "").split(".")
    if parts[0] == "goods" and len(parts) >= 2:
        return f"goods_{parts[1]}_{parts[2] if len(parts) > 2 else 'hs_heading'}"
    fields = ("activity", "signatory_name", "signatory_function", "estimate_percentage")
    return parts[0] if parts[0] in fields else None


def _filing_message(error: dict[str, Any], body: dict[str, Any]) -> str:
    """The serializer's refusal in the panel's words; its own English text otherwise."""
    field = error["field"] or ""
    if error["code"] == "hs_not_in_annex_i" and field.startswith("goods."):
        code = field.split(".")[1]
        listed = annex_lines(commodity=code, on=timezone.now().date())
        return _("HS code %(code)s is not in Annex I for %(commodity)s. Annex I lists: %(lines)s.") % {
            "code": body["goods"][code]["hs_heading"],
            "commodity": commodity_label(code),
            "lines": "; ".join(line.hs_code for line in listed),
        }
    if error["code"] == "required":
        return _("This field is required.")
    return error["message"]


def _start_filing(request: HttpRequest, form: BulkFilingForm) -> BulkFiling | None:
    body = form.body()
    incoming = BulkFilingInSerializer(data=body)
    if not incoming.is_valid():
        for error in flatten_validation_errors(incoming.errors):
            form.add_error(_goods_field(error["field"]), _filing_message(error, body))
        return None
    options = json.loads(json.dumps(incoming.validated_data, default=str))
    try:
        return bulk_filing_create(owner=request.user, livemode=True, options=options)
    except BulkFilingRunning as exc:
        form.add_error(
            None,
            _("Filing %(id)s is still running: wait for it or cancel it.") % {"id": exc.filing.public_id},
        )
    except GoodsMissing as exc:
        for code in exc.commodities:
            form.add_error(
                None, _("Name the goods for %(commodity)s.") % {"commodity": commodity_label(code)}
            )
    return None


def _upload(request: HttpRequest, form: RosterUploadForm) -> list[str] | None:
    """Import the uploaded roster; the problems in the page's language when refused."""
    upload = form.cleaned_data["file"]
    data = upload.read(settings.API_MAX_BODY_BYTES + 1)
    if len(data) > settings.API_MAX_BODY_BYTES:
        limit = settings.API_MAX_BODY_BYTES // (1024 * 1024)
        form.add_error(
            "file", _("The file is larger than %(limit)s MB; split the roster.") % {"limit": limit}
        )
        return []
    lang = _lang()
    try:
        with translation.override(lang):
            done = roster_import(
                owner=request.user, livemode=True, filename=upload.name or "", data=data, via="panel"
            )
    except RosterInvalid as exc:
        return roster_problems(exc.errors, lang)
    messages.success(
        request,
        _("The roster was imported: %(rows)s suppliers, %(created)s new, %(updated)s updated.")
        % {"rows": done.rows, "created": done.created, "updated": done.updated},
    )
    for line in suspended_rows(done.mandates_suspended, lang)[:MAX_PROBLEMS_SHOWN]:
        messages.warning(request, line)
    return None


def suspended_rows(rows: list[dict[str, Any]], lang: str) -> list[str]:
    """Each row whose change took a mandate out of force, in the page's language."""
    with translation.override(lang):
        return [
            _(
                "Line %(line)s, %(number)s: the mandate is no longer in force (changed: %(columns)s); "
                "ask the supplier again."
            )
            % {
                "line": row["line"],
                "number": row["producer_number"],
                "columns": ", ".join(_column_name(key, lang) for key in row["changed"]),
            }
            for row in rows
        ]


def _ask(request: HttpRequest, chosen) -> None:
    """Mandate requests by e-mail to the suppliers of `chosen` that may be asked."""
    try:
        requested, skipped = mandates_request_many(suppliers=chosen)
    except MandateLimitReached:
        messages.error(
            request,
            _("No e-mail was sent: it would pass your account's %(cap)s mandate e-mails of today (UTC).")
            % {"cap": settings.MANDATE_EMAILS_PER_DAY},
        )
        return
    messages.success(
        request,
        _(
            "Mandate requests sent by e-mail: %(requested)s. Suppliers skipped (no e-mail address, "
            "or a mandate given or awaited): %(skipped)s."
        )
        % {"requested": requested, "skipped": skipped},
    )


@accepts_body("API_MAX_BODY_BYTES")  # the roster upload, as large as the API's
@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-suppliers", per_minute=panel_actions_per_minute, plan_quota=True)
def suppliers(request: HttpRequest) -> HttpResponse:
    # The API's plan gate (SupplierViewSet.required_feature): filing for suppliers is a "dds" feature.
    if not request.user.plan.has_feature("dds"):
        context = {"not_in_plan": True, "plans": _plans_with("dds")}
        return render(request, "panel/suppliers.html", context, status=403)
    owned = _owned(request.user)
    filing_commodities = sorted(
        set(owned.filter(mandate_status=MandateStatus.ACTIVE).values_list("commodity", flat=True))
    )
    action = request.POST.get("action") if request.method == "POST" else None
    upload_form = RosterUploadForm(request.POST, request.FILES) if action == "upload" else RosterUploadForm()
    filing_form = BulkFilingForm(request.POST if action == "file" else None, commodities=filing_commodities)
    problems: list[str] = []
    status = 200
    if action == "upload":
        if upload_form.is_valid():
            found = _upload(request, upload_form)
            if found is None:
                return redirect("panel-suppliers")
            problems = found
        status = 400
    elif action == "mandates":
        _ask(request, Supplier.objects.filter(owner=request.user, livemode=True))
        return redirect("panel-suppliers")
    elif action == "reconfirm":
        # Only the suppliers whose data changed after their mandate was given.
        _ask(request, owned.filter(mandate_status=MandateStatus.NEEDS_RECONFIRMATION))
        return redirect("panel-suppliers")
    elif action == "file":
        # Only recorded here: the rows are filed by a worker, followed on the filing's page.
        if filing_form.is_valid() and (filing := _start_filing(request, filing_form)) is not None:
            messages.success(request, _("Filing %(id)s started.") % {"id": filing.public_id})
            return redirect("panel-filing", filing_id=filing.public_id)
        status = 400
    elif action in ("cancel", "retry"):
        filing = get_object_or_404(
            BulkFiling, owner=request.user, livemode=True, public_id=request.POST.get("filing", "")
        )
        filing_act(request, filing, action)
        return redirect("panel-filing", filing_id=filing.public_id)
    filter_form, chosen, page_query = _filters(request, owned)
    page = Paginator(chosen.order_by("producer_number", "id"), PAGE_SIZE).get_page(request.GET.get("page"))
    reaches_eu = eu_credential_usable(owner_id=request.user.pk)
    context = {
        "has_suppliers": owned.exists(),
        "reconfirm_count": owned.filter(mandate_status=MandateStatus.NEEDS_RECONFIRMATION).count(),
        "filter_form": filter_form,
        "page": page,
        "page_query": page_query,
        "rows": _roster_rows(page),
        "upload_form": upload_form,
        "problems": problems[:MAX_PROBLEMS_SHOWN],
        "problems_more": max(0, len(problems) - MAX_PROBLEMS_SHOWN),
        "filing_form": filing_form,
        "filing_goods": [
            {"label": commodity_label(code), "description": description, "hs_heading": heading}
            for code, description, heading in filing_form.goods_fields()
        ],
        "filings": _filing_views(request.user, reaches_eu=reaches_eu),
        "reaches_eu": reaches_eu,
        "map": suppliers_map(request.user, lang=_lang()),
        "max_map_plots": MAX_MAP_PLOTS,
        "upstream_attention": upstream_attention_count(request.user),
    }
    return render(request, "panel/suppliers.html", context, status=status)
