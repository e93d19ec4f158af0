"""Words and number formats of the report in its two languages (pl, en).

Plain tables rather than gettext catalogues: the PDF's language is the
request's `lang`, not the server's locale, and the texts live next to the
code that fills them. The CSRD applicability texts (CSRD_SCOPE_TEXTS) are the
exception and the way the others should follow: English msgids, Polish in
locale/pl/LC_MESSAGES/django.po, translated under translation.override(lang).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_noop

NBSP = "\u00a0"

_LABELS: dict[str, dict[str, Any]] = {
    "en": {
        "title": "CSRD sustainability report",
        "page": "Page",
        "subtitle": "Supply chain: Scope 3 emissions and EUDR supplier risk",
        "reporting_year": "Reporting year",
        "generated": "Generated",
        "report_id": "Report id",
        "test_mode": "Test report: requested with a test key (eudr_test_), not for disclosure.",
        "summary": "Summary",
        "scope3": "Scope 3 category 1 emissions (purchased goods)",
        "by_crop": "Emissions by crop type",
        "per_supplier": "Emissions per supplier",
        "risk": "Supplier EUDR risk (deforestation)",
        "risk_short": "Suppliers by EUDR risk",
        "recommendations": "ESG recommendations",
        "csrd_scope_title": "CSRD applicability",
        "luc_title": "Excluded from the Scope 3 figures: land-use change (LUC)",
        "methods": "Methods and data sources",
        "appendix": "Appendix: emission factors used",
        "supplier": "Supplier",
        "nip": "NIP",
        "crop": "Crop",
        "suppliers": "Suppliers",
        "quantity": "Quantity [t]",
        "area": "Area [ha]",
        "factor": "Factor [kg CO2e/t]",
        "emissions": "Emissions [t CO2e]",
        "per_ha": "t CO2e/ha",
        "share": "Share [%]",
        "total": "Total",
        "total_emissions": "Total Scope 3 category 1 emissions",
        "intensity_t": "Intensity per tonne purchased",
        "intensity_ha": "Intensity per hectare",
        "total_quantity": "Total quantity purchased",
        "total_area": "Area (suppliers with area and quantity)",
        "basis": "Assessed on",
        "score": "Score",
        "level": "Risk level",
        "in_scope": "EUDR commodity",
        "source": "Source",
        "priority": "Priority",
        "yes": "yes",
        "no": "no",
        "none": "—",
        "not_applicable": "n/a",
        "not_assessed": "not assessed",
        "parcel": "parcel",
        "voivodeship": "voivodeship",
        "coordinates": "coordinates",
        "country": "country",
        "location": "location",
        "crops": {
            "wheat": "Wheat",
            "corn": "Maize (corn)",
            "rapeseed": "Rapeseed",
            "soy": "Soy",
            "other": "Other",
        },
        "levels": {"low": "low", "medium": "medium", "high": "high", "critical": "critical"},
        "priorities": {"high": "high", "medium": "medium", "low": "low"},
        "reasons": {
            "no_location": "no parcel or location given",
            "unknown_location": (
                "location is not a Polish voivodeship (give the country and region, or coordinates)"
            ),
            "parcel_not_found": "parcel not found in the register",
            "parcel_service_unavailable": "parcel service (GUGiK ULDK) unreachable",
            "engine_error": "risk engine error",
            "parcel_outside_poland": "a cadastral parcel (ULDK) exists only for suppliers in Poland",
            "coordinates_outside_country": "the coordinates lie outside the country given",
        },
    },
    "pl": {
        "title": "Raport zrównoważonego rozwoju CSRD",
        "page": "Strona",
        "subtitle": "Łańcuch dostaw: emisje zakresu 3 i ryzyko EUDR dostawców",
        "reporting_year": "Rok sprawozdawczy",
        "generated": "Wygenerowano",
        "report_id": "Identyfikator raportu",
        "test_mode": "Raport testowy: zamówiony kluczem testowym (eudr_test_), nie do publikacji.",
        "summary": "Podsumowanie",
        "scope3": "Emisje zakresu 3, kategoria 1 (zakupione towary)",
        "by_crop": "Emisje według rodzaju uprawy",
        "per_supplier": "Emisje według dostawcy",
        "risk": "Ryzyko EUDR dostawców (wylesianie)",
        "risk_short": "Dostawcy wg ryzyka EUDR",
        "recommendations": "Rekomendacje ESG",
        "csrd_scope_title": "Zastosowanie CSRD",
        "luc_title": "Wyłączone z emisji zakresu 3: zmiana użytkowania gruntów (LUC)",
        "methods": "Metody i źródła danych",
        "appendix": "Załącznik: zastosowane wskaźniki emisji",
        "supplier": "Dostawca",
        "nip": "NIP",
        "crop": "Uprawa",
        "suppliers": "Dostawcy",
        "quantity": "Ilość [t]",
        "area": "Areał [ha]",
        "factor": "Wskaźnik [kg CO2e/t]",
        "emissions": "Emisje [t CO2e]",
        "per_ha": "t CO2e/ha",
        "share": "Udział [%]",
        "total": "Razem",
        "total_emissions": "Łączne emisje zakresu 3 kategorii 1",
        "intensity_t": "Intensywność na tonę zakupów",
        "intensity_ha": "Intensywność na hektar",
        "total_quantity": "Łączna ilość zakupów",
        "total_area": "Powierzchnia (dostawcy z powierzchnią i ilością)",
        "basis": "Podstawa oceny",
        "score": "Wynik",
        "level": "Poziom ryzyka",
        "in_scope": "Towar EUDR",
        "source": "Źródło",
        "priority": "Priorytet",
        "yes": "tak",
        "no": "nie",
        "none": "—",
        "not_applicable": "b.d.",
        "not_assessed": "nie oceniono",
        "parcel": "działka",
        "voivodeship": "województwo",
        "coordinates": "współrzędne",
        "country": "kraj",
        "location": "lokalizacja",
        "crops": {
            "wheat": "Pszenica",
            "corn": "Kukurydza",
            "rapeseed": "Rzepak",
            "soy": "Soja",
            "other": "Inne",
        },
        "levels": {"low": "niskie", "medium": "średnie", "high": "wysokie", "critical": "krytyczne"},
        "priorities": {"high": "wysoki", "medium": "średni", "low": "niski"},
        "reasons": {
            "no_location": "brak działki i lokalizacji",
            "unknown_location": (
                "lokalizacja nie jest polskim województwem (podaj kraj i region lub współrzędne)"
            ),
            "parcel_not_found": "działki nie ma w ewidencji",
            "parcel_service_unavailable": "usługa działek (GUGiK ULDK) niedostępna",
            "engine_error": "błąd silnika ryzyka",
            "parcel_outside_poland": "działka ewidencyjna (ULDK) istnieje tylko dla dostawców w Polsce",
            "coordinates_outside_country": "współrzędne leżą poza podanym krajem",
        },
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
    return _LABELS[lang]


def number(value: Decimal | float | int | None, places: int, lang: str) -> str | None:
    """12345.6 → "12,345.6" (en) or "12 345,6" (pl, with no-break spaces)."""
    if value is None:
        return None
    text = f"{value:,.{places}f}"
    if lang == "pl":
        text = text.replace(",", NBSP).replace(".", ",")
    return text


def plural_form(count: int, lang: str) -> str:
    """The CLDR plural category of an integer count: "one"/"other" in English,
    "one"/"few"/"many" in Polish (1 dostawca; 2-4, 22-24, 32-34... dostawcy;
    0, 5-21, 25-31... dostawców)."""
    if lang != "pl":
        return "one" if count == 1 else "other"
    if count == 1:
        return "one"
    if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14):
        return "few"
    return "many"
