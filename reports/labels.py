"""Words and number formats of the report in its two languages (pl, en).

The texts are gettext messages: English msgids, Polish in locale/pl/LC_MESSAGES/django.po,
read under translation.override(lang), since the PDF's language is the request's `lang`,
not the server's locale.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, gettext_lazy, gettext_noop, pgettext_lazy

NBSP = "\u00a0"

# Every text of the report's tables and headings: gettext messages (English msgids, in the
# context "CSRD report"), read in the report's language by labels_for(lang).
_MESSAGES: dict[str, Any] = {
    "title": pgettext_lazy("CSRD report", "CSRD sustainability report"),
    "page": pgettext_lazy("CSRD report", "Page"),
    "subtitle": pgettext_lazy("CSRD report", "Supply chain: Scope 3 emissions and EUDR supplier risk"),
    "reporting_year": pgettext_lazy("CSRD report", "Reporting year"),
    "generated": pgettext_lazy("CSRD report", "Generated"),
    "report_id": pgettext_lazy("CSRD report", "Report id"),
    "test_mode": pgettext_lazy(
        "CSRD report", "Test report: requested with a test key (eudr_test_), not for disclosure."
    ),
    "summary": pgettext_lazy("CSRD report", "Summary"),
    "scope3": pgettext_lazy("CSRD report", "Scope 3 category 1 emissions (purchased goods)"),
    "by_crop": pgettext_lazy("CSRD report", "Emissions by crop type"),
    "per_supplier": pgettext_lazy("CSRD report", "Emissions per supplier"),
    "risk": pgettext_lazy("CSRD report", "Supplier EUDR risk (deforestation)"),
    "risk_short": pgettext_lazy("CSRD report", "Suppliers by EUDR risk"),
    "recommendations": pgettext_lazy("CSRD report", "ESG recommendations"),
    "csrd_scope_title": pgettext_lazy("CSRD report", "CSRD applicability"),
    "luc_title": pgettext_lazy("CSRD report", "Excluded from the Scope 3 figures: land-use change (LUC)"),
    "methods": pgettext_lazy("CSRD report", "Methods and data sources"),
    "appendix": pgettext_lazy("CSRD report", "Appendix: emission factors used"),
    "supplier": pgettext_lazy("CSRD report", "Supplier"),
    "nip": pgettext_lazy("CSRD report", "NIP"),
    "crop": pgettext_lazy("CSRD report", "Crop"),
    "suppliers": pgettext_lazy("CSRD report", "Suppliers"),
    "quantity": pgettext_lazy("CSRD report", "Quantity [t]"),
    "area": pgettext_lazy("CSRD report", "Area [ha]"),
    "factor": pgettext_lazy("CSRD report", "Factor [kg CO2e/t]"),
    "emissions": pgettext_lazy("CSRD report", "Emissions [t CO2e]"),
    "per_ha": pgettext_lazy("CSRD report", "t CO2e/ha"),
    "share": pgettext_lazy("CSRD report", "Share [%]"),
    "total": pgettext_lazy("CSRD report", "Total"),
    "total_emissions": pgettext_lazy("CSRD report", "Total Scope 3 category 1 emissions"),
    "intensity_t": pgettext_lazy("CSRD report", "Intensity per tonne purchased"),
    "intensity_ha": pgettext_lazy("CSRD report", "Intensity per hectare"),
    "total_quantity": pgettext_lazy("CSRD report", "Total quantity purchased"),
    "total_area": pgettext_lazy("CSRD report", "Area (suppliers with area and quantity)"),
    "basis": pgettext_lazy("CSRD report", "Assessed on"),
    "score": pgettext_lazy("CSRD report", "Score"),
    "level": pgettext_lazy("CSRD report", "Risk level"),
    "in_scope": pgettext_lazy("CSRD report", "EUDR commodity"),
    "source": pgettext_lazy("CSRD report", "Source"),
    "priority": pgettext_lazy("CSRD report", "Priority"),
    "yes": pgettext_lazy("CSRD report", "yes"),
    "no": pgettext_lazy("CSRD report", "no"),
    "none": pgettext_lazy("CSRD report", "—"),
    "not_applicable": pgettext_lazy("CSRD report", "n/a"),
    "not_assessed": pgettext_lazy("CSRD report", "not assessed"),
    "parcel": pgettext_lazy("CSRD report", "parcel"),
    "voivodeship": pgettext_lazy("CSRD report", "voivodeship"),
    "coordinates": pgettext_lazy("CSRD report", "coordinates"),
    "country": pgettext_lazy("CSRD report", "country"),
    "location": pgettext_lazy("CSRD report", "location"),
    "crops": {
        "wheat": pgettext_lazy("CSRD report", "Wheat"),
        "corn": pgettext_lazy("CSRD report", "Maize (corn)"),
        "rapeseed": pgettext_lazy("CSRD report", "Rapeseed"),
        "soy": pgettext_lazy("CSRD report", "Soy"),
        "other": pgettext_lazy("CSRD report", "Other"),
    },
    "levels": {
        "low": pgettext_lazy("CSRD report", "low"),
        "medium": pgettext_lazy("CSRD report", "medium"),
        "high": pgettext_lazy("CSRD report", "high"),
        "critical": pgettext_lazy("CSRD report", "critical"),
    },
    "priorities": {
        "high": pgettext_lazy("CSRD report priority", "high"),
        "medium": pgettext_lazy("CSRD report priority", "medium"),
        "low": pgettext_lazy("CSRD report priority", "low"),
    },
    "reasons": {
        "no_location": pgettext_lazy("CSRD report", "no parcel or location given"),
        "unknown_location": pgettext_lazy(
            "CSRD report",
            "location is not a Polish voivodeship (give the country and region, or coordinates)",
        ),
        "parcel_not_found": pgettext_lazy("CSRD report", "parcel not found in the register"),
        "parcel_service_unavailable": pgettext_lazy("CSRD report", "parcel service (GUGiK ULDK) unreachable"),
        "engine_error": pgettext_lazy("CSRD report", "risk engine error"),
        "parcel_outside_poland": pgettext_lazy(
            "CSRD report", "a cadastral parcel (ULDK) exists only for suppliers in Poland"
        ),
        "coordinates_outside_country": pgettext_lazy(
            "CSRD report", "the coordinates lie outside the country given"
        ),
    },
}


# The CSRD applicability section (reports.builder.csrd_scope_lines). Placeholders are filled
# from the named constants of reports/csrd_scope.py; none of the figures is written here.
CSRD_SCOPE_TEXTS: dict[str, str] = {
    "undetermined": gettext_noop(
        "Not determined: the figures that decide the CSRD wave and standard for {year} were not "
        "given ({missing})."
    ),
    "rule_1": gettext_noop(
        "a public-interest entity and large undertaking with more than {wave_1_employees} employees, "
        "the rule for financial years {wave_1_first} to {wave_1_last}"
    ),
    "rule_2": gettext_noop(
        "more than {employees} employees and net turnover above EUR {turnover_m} million, the rule "
        "from financial year {thresholds_first}"
    ),
    "in_scope": gettext_noop(
        "In the mandatory CSRD scope for {year} ({rule}): wave {wave}, sustainability statement for "
        "financial years from {first}, under {standard}."
    ),
    "required": gettext_noop("Mandatory for the reporting year {year} (first year {first})."),
    "not_yet_required": gettext_noop(
        "Not yet mandatory for the reporting year {year}: the first is {first}; this report may be "
        "used voluntarily."
    ),
    "out_of_scope": gettext_noop(
        "Outside the mandatory CSRD scope for {year} (at most {employees} employees or net turnover at "
        "most EUR {turnover_m} million). Voluntary reporting: {standard}."
    ),
    "out_of_scope_first_wave_years": gettext_noop(
        "Outside the mandatory CSRD scope for {year}: for financial years {wave_1_first} to "
        "{wave_1_last} only public-interest entities that are large undertakings with more than "
        "{wave_1_employees} employees report, and from {thresholds_first} only undertakings with more "
        "than {employees} employees and net turnover above EUR {turnover_m} million. Voluntary "
        "reporting: {standard}."
    ),
    "before_csrd": gettext_noop(
        "The CSRD applies to financial years from {wave_1_first}; for {year} it required no "
        "sustainability statement."
    ),
    "member_state_may_exempt": gettext_noop(
        "The company does not exceed both {employees} employees and EUR {turnover_m} million: its "
        "Member State may exempt it for financial years {exempt_first} and {exempt_last} (check "
        "national law)."
    ),
    "leaves_scope": gettext_noop(
        "A first-wave company below those thresholds leaves the mandatory scope from financial year "
        "{thresholds_first}."
    ),
    "listed_sme": gettext_noop(
        "Listed SMEs (wave 3, financial year {wave_3_year} under the stop-the-clock directive) no "
        "longer report on a mandatory basis."
    ),
    "revised_esrs_option": gettext_noop(
        "For financial year {year} the company may instead apply the {revised}, stating which set it applied."
    ),
    "value_chain_cap": gettext_noop(
        "Value-chain cap (from financial year {cap_first}): with at most {cap_employees} employees the "
        "company is protected; customers in scope may not ask it for more than the voluntary standard "
        "(VSME) sets out."
    ),
    "sources": gettext_noop("Sources: {sources}."),
}

# What the report names when a figure it needs was not given: words, never the request's fields.
CSRD_FIGURE_NAMES: dict[str, str] = {
    "employees": gettext_noop("the average number of employees"),
    "turnover_eur": gettext_noop("the net turnover"),
    "balance_sheet_eur": gettext_noop("the balance sheet total"),
}


def labels_for(lang: str) -> dict[str, Any]:
    """The report's words in `lang` (pl or en), whatever language is active."""
    with translation.override(lang):
        return {
            key: {inner: str(text) for inner, text in value.items()}
            if isinstance(value, dict)
            else str(value)
            for key, value in _MESSAGES.items()
        }


def number(value: Decimal | float | int | None, places: int, lang: str) -> str | None:
    """12345.6 → "12,345.6" (en) or "12 345,6" (pl, with no-break spaces)."""
    if value is None:
        return None
    text = f"{value:,.{places}f}"
    if lang == "pl":
        text = text.replace(",", NBSP).replace(".", ",")
    return text


# The failures the service writes into a report's `error` (reports.services, reports.tasks):
# the stored text stays as written (the API's `error` gives it in English); the panel shows
# it in the reader's language.
RENDER_FAILED = "The report could not be rendered; please try again."
RENDER_UNFINISHED = "Rendering did not finish; please request it again."
RENDER_TOO_LONG = "Rendering took too long; please try again later."
RENDER_TOO_LARGE = "The report is too large to render; split its suppliers into several reports."
_REPORT_ERRORS = {
    RENDER_TOO_LARGE: gettext_lazy(
        "The report is too large to render; split its suppliers into several reports."
    ),
    RENDER_FAILED: gettext_lazy("The report could not be rendered; please try again."),
    RENDER_UNFINISHED: gettext_lazy("Rendering did not finish; please request it again."),
    RENDER_TOO_LONG: gettext_lazy("Rendering took too long; please try again later."),
}
_NO_FACTOR = re.compile(r"No emission factor is configured for: (?P<crops>.+)\.")


def report_error_label(error: str) -> str:
    """A report's stored error in the active language; an unknown text as it is."""
    if error in _REPORT_ERRORS:
        return str(_REPORT_ERRORS[error])
    found = _NO_FACTOR.fullmatch(error)
    if found:
        crops = ", ".join(str(_MESSAGES["crops"].get(code, code)) for code in found["crops"].split(", "))
        return gettext("No emission factor is configured for: %(crops)s.") % {"crops": crops}
    return error
