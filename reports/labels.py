"""Words and number formats of the report in its two languages (pl, en).

Plain tables rather than gettext catalogues: the PDF's language is the
request's `lang`, not the server's locale, and the texts live next to the
code that fills them.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

NBSP = "\u00a0"

_LABELS: dict[str, dict[str, Any]] = {
    "en": {
        "title": "CSRD sustainability report",
        "page": "Page",
        "subtitle": "Supply chain: Scope 3 emissions and EUDR supplier risk",
        "reporting_year": "Reporting year",
        "generated": "Generated",
        "report_id": "Report id",
        "summary": "Summary",
        "scope3": "Scope 3 category 1 emissions (purchased goods)",
        "by_crop": "Emissions by crop type",
        "per_supplier": "Emissions per supplier",
        "risk": "Supplier EUDR risk (deforestation)",
        "risk_short": "Suppliers by EUDR risk",
        "recommendations": "ESG recommendations",
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
            "unknown_location": "location is not a Polish voivodeship",
            "parcel_not_found": "parcel not found in the register",
            "parcel_service_unavailable": "parcel service (GUGiK ULDK) unreachable",
            "engine_error": "risk engine error",
        },
    },
    "pl": {
        "title": "Raport zrównoważonego rozwoju CSRD",
        "page": "Strona",
        "subtitle": "Łańcuch dostaw: emisje zakresu 3 i ryzyko EUDR dostawców",
        "reporting_year": "Rok sprawozdawczy",
        "generated": "Wygenerowano",
        "report_id": "Identyfikator raportu",
        "summary": "Podsumowanie",
        "scope3": "Emisje zakresu 3, kategoria 1 (zakupione towary)",
        "by_crop": "Emisje według rodzaju uprawy",
        "per_supplier": "Emisje według dostawcy",
        "risk": "Ryzyko EUDR dostawców (wylesianie)",
        "risk_short": "Dostawcy wg ryzyka EUDR",
        "recommendations": "Rekomendacje ESG",
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
            "unknown_location": "lokalizacja nie jest polskim województwem",
            "parcel_not_found": "działki nie ma w ewidencji",
            "parcel_service_unavailable": "usługa działek (GUGiK ULDK) niedostępna",
            "engine_error": "błąd silnika ryzyka",
        },
    },
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
