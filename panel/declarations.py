"""A farmer files a simplified declaration by typing parcel numbers.

"Check parcels" asks ULDK for each parcel (through the risk engine's parcel cache)
and draws them on the map the statement pages use (compliance.plot_map). "File"
builds the API's own body and runs it through the API's serializer and filing
service, so the panel accepts exactly what the API accepts; the serializer's
refusals are shown next to the field they concern, in the panel's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import shapely
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.limits import panel_actions_per_minute, rate_limited
from compliance.declarations import ANNEX_III_POINT_4_EN, LEGALITY_ATTESTATION_EN
from compliance.models import FilingKind
from compliance.plot_map import MapPlot, plot_map_svg
from compliance.sd_serializers import SDFilingSerializer
from compliance.services import dds_file
from eudr_service.lib.body_limit import accepts_body
from eudr_service.lib.problems import Problem, flatten_validation_errors
from panel.documents import _plans_with
from panel.forms import COMMODITY_LABELS, SimplifiedDeclarationForm
from panel.webhooks import problem_message
from regulation.annex_i import annex_lines
from risk import engine

COUNTRY = "PL"  # parcel numbers are Polish land-register (ULDK) identifiers


@dataclass
class ParcelCheck:
    """What ULDK said about the typed parcels: rows for the table and the map."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    map: SafeString | str = ""


def parcels_check(parcel_ids: list[str], *, lang: str) -> tuple[ParcelCheck, list[str]]:
    """Each parcel from ULDK (or our cache of it); (what was found, errors for the form)."""
    found = ParcelCheck()
    errors: list[str] = []
    plots: list[MapPlot] = []
    for parcel_id in parcel_ids:
        try:
            parcel = engine.parcel_get(parcel_id=parcel_id)
        except engine.ParcelNotFound as exc:
            errors.append(
                engine.parcel_not_found_message(parcel_id=parcel_id, register_said=str(exc))
                or _("Parcel %(id)s is not in the land register (ULDK). Check the number.")
                % {"id": parcel_id}
            )
            continue
        except engine.ParcelServiceUnavailable:
            errors.append(
                _(
                    "The land register (ULDK) does not answer, so parcel %(id)s could not be checked. "
                    "Try again in a moment."
                )
                % {"id": parcel_id}
            )
            continue
        number = str(len(found.rows) + 1)
        record = parcel.record
        found.rows.append(
            {
                "number": number,
                "parcel_id": record.parcel_id,
                "place": f"{record.commune}, {record.county}, {record.voivodeship}",
                "area_ha": round(engine.geometry_area_ha(parcel.geometry), 2),
            }
        )
        plots.append(MapPlot(number, shapely.from_wkt(record.geometry_wkt), "", record.parcel_id))
    found.map = plot_map_svg(plots=plots, country=COUNTRY, lang=lang)
    return found, errors


def declaration_body(data: dict[str, Any]) -> dict[str, Any]:
    """The API's body (POST /api/eudr/v1/simplified-declarations, V3 form) from the form."""
    return {
        "activity": data["activity"],
        "operator": {
            "name": data["operator_name"],
            "size": data["operator_size"],
            "nip": data["nip"],
            "country": COUNTRY,
            "address": data["address"],
        },
        "commodities": [
            {
                "commodity": data["commodity"],
                "description": data["description"],
                "hs_heading": data["hs_heading"],
                "net_mass_kg": str(data["net_mass_kg"]),
                **(
                    {"percentage_estimation_or_deviation": str(data["percentage_estimation_or_deviation"])}
                    if data.get("percentage_estimation_or_deviation") is not None
                    else {}
                ),
                "country_of_production": COUNTRY,
                "plots": [{"parcel_id": parcel_id} for parcel_id in data["parcel_ids"]]
                + [{"address": address} for address in data["land_addresses"]],
            }
        ],
        "attestation": {
            "legality": data["legality"],
            "annex_iii_declaration": data["annex_iii_declaration"],
            "signatory_name": data["signatory_name"],
            "signatory_function": data["signatory_function"],
        },
        "geolocation_confidential": data["geolocation_confidential"],
    }


# Where the API body's paths land in the form.
_FIELD_FOR_PATH = {
    "activity": "activity",
    "operator.name": "operator_name",
    "operator.size": "operator_size",
    "operator.nip": "nip",
    "operator.address": "address",
    "commodities[0].commodity": "commodity",
    "commodities[0].description": "description",
    "commodities[0].hs_heading": "hs_heading",
    "commodities[0].net_mass_kg": "net_mass_kg",
    "commodities[0].percentage_estimation_or_deviation": "percentage_estimation_or_deviation",
    "commodities[0].plots": "parcel_ids",
    "attestation.signatory_name": "signatory_name",
    "attestation.signatory_function": "signatory_function",
}


_PLOT_PATH = re.compile(r"^commodities\[0\]\.plots(?:\[(\d+)\])?")


def _form_field(path: str | None, data: dict[str, Any]) -> str | None:
    plot = _PLOT_PATH.match(path or "")
    if plot:
        # The body lists the parcels first, then the addresses.
        index = int(plot[1]) if plot[1] is not None else 0
        return "parcel_ids" if index < len(data["parcel_ids"]) else "land_addresses"
    return _FIELD_FOR_PATH.get(path or "")


def _panel_message(error: dict[str, Any], data: dict[str, Any]) -> str:
    """The serializer's refusal in the panel's words; its own English text otherwise."""
    code = error["code"]
    if code == "invalid_nip":
        return _("This NIP is not valid: ten digits with a correct check digit, e.g. 526-025-02-74.")
    if code == "required" and error["field"] == "operator.nip":
        return _("An undertaking gives its NIP; only a farmer filing as a natural person may leave it empty.")
    if code == "sd_operator_not_eligible":
        return _(
            "Only farmers and micro or small undertakings may file a simplified declaration; "
            "others file a due diligence statement."
        )
    if code == "sd_country_not_eligible":
        return _("A simplified declaration covers only products you produced yourself in a low-risk country.")
    if code == "hs_not_in_annex_i":
        listed = annex_lines(commodity=data["commodity"], on=timezone.now().date())
        lines = "; ".join(line.hs_code for line in listed)
        return _("HS code %(code)s is not in Annex I for %(commodity)s. Annex I lists: %(lines)s.") % {
            "code": data["hs_heading"],
            "commodity": COMMODITY_LABELS.get(data["commodity"], data["commodity"]),
            "lines": lines,
        }
    return error["message"]


def declaration_file(*, request: HttpRequest, form: SimplifiedDeclarationForm):
    """File the declaration for the signed-in account; None when refused (errors on the form)."""
    data = form.cleaned_data
    body = declaration_body(data)
    serializer = SDFilingSerializer(data=body)
    try:
        valid = serializer.is_valid()
    except Problem as exc:  # the work budget, counted on the raw body
        form.add_error(None, problem_message(exc))
        return None
    if not valid:
        for error in flatten_validation_errors(serializer.errors):
            form.add_error(_form_field(error["field"], data), _panel_message(error, data))
        return None
    statement, _replayed = dds_file(
        owner=request.user,
        data=serializer.validated_data,
        raw_body=body,
        filing_kind=FilingKind.SIMPLIFIED,
        livemode=True,  # the panel acts in live mode
    )
    return statement


@accepts_body("API_MAX_BODY_BYTES")  # plots as GeoJSON, as large as the API takes them
@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-declarations", per_minute=panel_actions_per_minute, plan_quota=True)
def declaration_new(request: HttpRequest) -> HttpResponse:
    if not request.user.plan.has_feature("dds"):
        context = {"plans": _plans_with("dds")}
        return render(request, "panel/declaration_not_in_plan.html", context, status=403)
    form = SimplifiedDeclarationForm(request.POST or None)
    checked = None
    status = 200
    if request.method == "POST":
        if request.POST.get("action") == "check":
            form.only_parcel_errors()
            if form.cleaned_data.get("parcel_ids") == []:
                form.add_error("parcel_ids", _("Enter at least one parcel number."))
            elif "parcel_ids" in form.cleaned_data:
                lang = (get_language() or "pl")[:2]
                checked, errors = parcels_check(form.cleaned_data["parcel_ids"], lang=lang)
                for error in errors:
                    form.add_error("parcel_ids", error)
        elif form.is_valid():
            statement = declaration_file(request=request, form=form)
            if statement is not None:
                messages.success(
                    request,
                    _("Your simplified declaration %(id)s was filed.") % {"id": statement.dds_id},
                )
                return redirect("panel-statement", dds_id=statement.dds_id)
        if form.errors:
            status = 400
    context = {
        "form": form,
        "checked": checked,
        "declaration_text": ANNEX_III_POINT_4_EN,
        "legality_text": LEGALITY_ATTESTATION_EN,
    }
    return render(request, "panel/declaration_new.html", context, status=status)
