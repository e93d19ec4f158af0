"""A map of a statement's plots as inline SVG, drawn by our own code.

Why our own: the map appears in PDFs (WeasyPrint renders inline SVG), on the
public status page and in the panel, under a Content-Security-Policy without
inline scripts or styles and with no third-party hosts. So no tiles, no map
library, no `style` attributes: only SVG elements and presentation attributes.

What it draws: the plots (polygons filled, points as circles) numbered as in
the tables, coloured by risk level where screened and explained by a legend
(colour is never the only signal: every marker carries a `<title>` with its
number and level, and its number beside it unless that would cover a number
already drawn: hundreds of plots in a small area would make a blot of
overlapping numbers, each one drawn for nothing); the borders of the countries in view, from the
Natural Earth boundaries we ship (risk/countries.py); the names of the places
in view, or of the nearest ones beyond its edges with their distance, from the
GeoNames extract we ship (compliance/map_places.py, risk/places.py), so that a
map a kilometre across still tells where it is; a locator inset with the whole
country and the area of the detail map; a scale bar.

Projection: equirectangular, x scaled by cos(latitude of the view's centre).
Over the few kilometres of a detail map its distortion is far below a pixel;
in the country inset it is good enough to recognise the country (no scale bar
is drawn there). Outlines are clipped to the view and simplified to about a
pixel, so a coastline of the 1:10m data costs a few hundred points, not
hundreds of thousands.

Every text that comes from data is escaped here; callers pass plain strings.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import shapely
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext_lazy

from compliance.geolocation import to_shape
from compliance.map_places import Box, places_svg
from eudr_service.lib.i18n import by_language
from risk.engine import ParcelRecord, country_at, get_index

METRES_PER_DEGREE = 111_320.0
MIN_SPAN_DEG = 0.01  # about 1 km: a single point still gets a map with a sensible scale
PAD = 0.15  # share of the plots' extent left around them
INSET_W, INSET_H = 150, 110  # the locator inset, in the map's top right corner
INSET_REACH_DEG = 12.0  # country parts farther than this from the plots (overseas territories) are left out

# Risk colours (the same as the PDFs' pills); "unscreened" when there is no level.
RISK_FILL = {
    "low": "#1b7f3b",
    "medium": "#9a6b00",
    "high": "#b3261e",
    "critical": "#6d0f0a",
    "": "#5f6368",
}
# The map's legend and captions (gettext messages, read in the map's own language).
LEGEND_MESSAGES = {
    "low": pgettext_lazy("map legend", "low risk"),
    "medium": pgettext_lazy("map legend", "medium risk"),
    "high": pgettext_lazy("map legend", "high risk"),
    "critical": pgettext_lazy("map legend", "critical risk"),
    "": pgettext_lazy("map legend", "not screened"),
    "title": pgettext_lazy("map legend", "Map of the plots"),
    "inset": pgettext_lazy("map legend", "Location in the country"),
    "source": pgettext_lazy("map legend", "Borders: Natural Earth"),
    # GeoNames is CC BY 4.0: a map that shows its names credits it.
    "places_source": pgettext_lazy("map legend", "Places: GeoNames (CC BY 4.0)"),
    # A place beyond the map's edge: "Kutno 5 km ↗".
    "distance": pgettext_lazy("map legend", "%(km)s km"),
}
LEGEND = by_language(LEGEND_MESSAGES)


BILINGUAL = "pl+en"  # the DDS PDF speaks both languages side by side: "niskie / low"


def _texts(lang: str) -> dict[str, str]:
    if lang == BILINGUAL:
        # A text the same in both languages ("5 km") is written once.
        return {
            key: pl if pl == (en := LEGEND["en"][key]) else f"{pl} / {en}" for key, pl in LEGEND["pl"].items()
        }
    return dict(LEGEND.get(lang, LEGEND["en"]))


@dataclass(frozen=True)
class MapPlot:
    """One plot to draw: its number in the tables, geometry (lng/lat) and risk level."""

    number: str  # as in the tables: "3", or "2.3" (product 2, plot 3) when a statement has several products
    geometry: shapely.Geometry
    risk_level: str = ""
    label: str = ""  # e.g. the parcel id; shown in the marker's tooltip


@dataclass(frozen=True)
class _View:
    """Projection of a lng/lat box onto a pixel box (equirectangular, cos-scaled)."""

    minx: float
    maxy: float
    kx: float
    ky: float
    ox: float
    oy: float
    lat0: float

    @classmethod
    def fit(cls, bounds: tuple[float, float, float, float], x: float, y: float, w: float, h: float) -> _View:
        minx, miny, maxx, maxy = bounds
        lat0 = (miny + maxy) / 2
        cos = max(math.cos(math.radians(lat0)), 0.05)
        span_x, span_y = max((maxx - minx) * cos, 1e-9), max(maxy - miny, 1e-9)
        k = min(w / span_x, h / span_y)
        # Centre the drawing in the box.
        ox = x + (w - span_x * k) / 2
        oy = y + (h - span_y * k) / 2
        return cls(minx, maxy, k * cos, k, ox, oy, lat0)

    def xy(self, lng: float, lat: float) -> tuple[float, float]:
        return self.ox + (lng - self.minx) * self.kx, self.oy + (self.maxy - lat) * self.ky

    def lnglat_box(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        """The lng/lat box that this view shows in a pixel box."""
        minx = self.minx + (x - self.ox) / self.kx
        maxx = self.minx + (x + w - self.ox) / self.kx
        maxy = self.maxy - (y - self.oy) / self.ky
        miny = self.maxy - (y + h - self.oy) / self.ky
        return minx, miny, maxx, maxy

    @property
    def degrees_per_px(self) -> float:
        return 1 / self.kx


def _path(geometry: shapely.Geometry, view: _View) -> str:
    """SVG path data of the polygon rings / lines of a geometry."""
    parts: list[str] = []
    for part in shapely.get_parts(geometry):
        if isinstance(part, shapely.Polygon):
            rings = [part.exterior, *part.interiors]
        elif isinstance(part, shapely.LineString | shapely.LinearRing):
            rings = [part]
        else:
            continue
        for ring in rings:
            coords = list(ring.coords)
            if len(coords) < 2:
                continue
            points = [view.xy(c[0], c[1]) for c in coords]
            closed = "Z" if isinstance(part, shapely.Polygon) else ""
            parts.append("M" + "L".join(f"{px:.1f},{py:.1f}" for px, py in points) + closed)
    return "".join(parts)


def _nice_length(metres: float) -> float:
    """The largest 1, 2 or 5 x 10^n metres not above `metres`."""
    exponent = math.floor(math.log10(metres))
    for step in (5, 2, 1):
        if step * 10**exponent <= metres:
            return step * 10**exponent
    return 10**exponent


def _distance_label(metres: float) -> str:
    return f"{metres / 1000:g} km" if metres >= 1000 else f"{metres:g} m"


def _countries_in(box: tuple[float, float, float, float]) -> list[tuple[str, shapely.Geometry]]:
    index = get_index()
    rect = shapely.box(*box)
    return [(index.codes[i], index.geometries[i]) for i in sorted(index.tree.query(rect).tolist())]


def _country_near(code: str, near: shapely.Geometry) -> shapely.Geometry | None:
    """The parts of a country's outline near the plots (mainland, not overseas territories)."""
    index = get_index()
    for i, candidate in enumerate(index.codes):
        if candidate == code.upper():
            parts = [p for p in shapely.get_parts(index.geometries[i]) if p.distance(near) < INSET_REACH_DEG]
            return shapely.union_all(parts) if parts else None
    return None


def plot_map_svg(
    *,
    plots: Iterable[MapPlot],
    country: str = "",
    lang: str = "pl",
    width: int = 640,
    height: int = 400,
) -> SafeString:
    """The map as an `<svg>` element, or an empty string when no plot has a geometry.

    `country` (ISO alpha-2) chooses the outline of the locator inset; without it,
    the country under the plots is used."""
    plots = [p for p in plots if p.geometry is not None and not p.geometry.is_empty]
    if not plots:
        return mark_safe("")
    texts = _texts(lang)
    legend_h = 22
    map_h = height - legend_h
    everything = shapely.GeometryCollection([p.geometry for p in plots])
    minx, miny, maxx, maxy = everything.bounds
    span = max(maxx - minx, maxy - miny, MIN_SPAN_DEG)
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    half = span * (1 + 2 * PAD) / 2
    view = _View.fit((cx - half, cy - half, cx + half, cy + half), 0, 0, width, map_h)
    box = view.lnglat_box(0, 0, width, map_h)
    tolerance = view.degrees_per_px

    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="plot-map" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="plot-map-title" '
        f'font-family="DejaVu Sans, sans-serif">',
        f'<title id="plot-map-title">{escape(texts["title"])}</title>',
        f'<rect class="plot-map-sea" x="0" y="0" width="{width}" height="{map_h}" fill="#dbe9f4"/>',
    ]
    # Countries in view: land, borders and coastlines clipped to the view.
    for code, geometry in _countries_in(box):
        clipped = shapely.clip_by_rect(geometry, *box)
        if clipped.is_empty:
            continue
        clipped = shapely.simplify(clipped, tolerance, preserve_topology=True)
        out.append(
            f'<path class="country-outline" data-country="{escape(code)}" d="{_path(clipped, view)}" '
            f'fill="#f4f1ea" stroke="#8a8f98" stroke-width="1" stroke-linejoin="round"/>'
        )

    # Plots: polygons first so that points and numbers stay on top. What they cover is
    # kept free of place names.
    places_at = len(out)
    markers, taken = _plots_svg(plots, view, texts, tolerance)
    out += markers

    # Place names go under the plots (inserted before them), around what the plots take.
    names, attribution = _places(
        view, box, taken, centre=(cx, cy), width=width, map_h=map_h, texts=texts, lang=lang
    )
    out.insert(places_at, names)

    out.append(_scale_bar(view, box, x=12, y=map_h - 14))
    inset = _inset(country=country, plots=everything, box=box, width=width, texts=texts)
    out.append(inset)
    out.append(attribution)
    out.append(_legend(plots, texts, y=map_h, width=width))
    out.append("</svg>")
    return mark_safe("".join(out))


def _plots_svg(
    plots: list[MapPlot], view: _View, texts: dict[str, str], tolerance: float
) -> tuple[list[str], list[Box]]:
    """The plots' markers, then their numbers (on top of every shape), and the pixel
    boxes they take."""
    out: list[str] = []
    labels: list[str] = []
    taken: list[Box] = []
    numbers = _NumberDiscs()
    for plot in plots:
        fill = RISK_FILL.get(plot.risk_level or "", RISK_FILL[""])
        level_text = texts.get(plot.risk_level or "", texts[""])
        tip = f"{plot.number}: {level_text}" + (f" — {plot.label}" if plot.label else "")
        geometry = shapely.simplify(plot.geometry, tolerance / 2, preserve_topology=True)
        areal = [p for p in shapely.get_parts(geometry) if isinstance(p, shapely.Polygon)]
        anchor = shapely.MultiPolygon(areal).representative_point() if areal else shapely.centroid(geometry)
        ax, ay = view.xy(anchor.x, anchor.y)
        disc = numbers.place(ax, ay)
        taken += _footprint(geometry, view, disc=disc)
        shape = ""
        if areal:
            shape += (
                f'<path d="{_path(shapely.MultiPolygon(areal), view)}" fill="{fill}" fill-opacity="0.45" '
                f'stroke="{fill}" stroke-width="1.5" fill-rule="evenodd"/>'
            )
        for point in shapely.get_parts(geometry):
            if isinstance(point, shapely.Point):
                px, py = view.xy(point.x, point.y)
                shape += f'<circle cx="{px:.1f}" cy="{py:.1f}" r="4" fill="{fill}" '
                shape += 'stroke="#fff" stroke-width="1"/>'
        out.append(
            f'<g class="plot-marker" data-plot="{escape(plot.number)}" '
            f'data-risk="{escape(plot.risk_level or "")}">'
            f"<title>{escape(tip)}</title>{shape}</g>"
        )
        if disc is None:
            continue
        # The number sits on a white disc next to the plot, drawn after every shape.
        labels.append(
            f'<g class="plot-number" data-plot="{escape(plot.number)}">'
            f'<circle cx="{ax:.1f}" cy="{ay - 11:.1f}" r="8" fill="#ffffff" '
            f'stroke="{fill}" stroke-width="1.5"/>'
            f'<text x="{ax:.1f}" y="{ay - 8:.1f}" text-anchor="middle" font-size="9" font-weight="bold" '
            f'fill="#1d1f21">{escape(plot.number)}</text></g>'
        )
    return out + labels, taken


class _NumberDiscs:
    """Where plot numbers are drawn: a number goes where its disc covers no other (looked
    up in a grid of disc-sized cells, so a thousand plots cost a thousand lookups)."""

    CELL = 20.0

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def place(self, ax: float, ay: float) -> Box | None:
        """The disc of the number at anchor (ax, ay), or None when it would cover one drawn."""
        disc = Box(ax - 9, ay - 20, ax + 9, ay - 2)
        col, row = int(ax // self.CELL), int(ay // self.CELL)
        near = (self.cells.get((col + i, row + j), ()) for i in (-1, 0, 1) for j in (-1, 0, 1))
        if any(disc.overlaps(other, gap=0) for boxes in near for other in boxes):
            return None
        self.cells.setdefault((col, row), []).append(disc)
        return disc


def _footprint(geometry: shapely.Geometry, view: _View, *, disc: Box | None) -> list[Box]:
    """The pixel boxes a plot's shapes and its number (if drawn) take: no place name goes there."""
    boxes = [disc] if disc else []
    for part in shapely.get_parts(geometry):
        x0, y1 = view.xy(*part.bounds[:2])
        x1, y0 = view.xy(*part.bounds[2:])
        boxes.append(Box(x0 - 5, y0 - 5, x1 + 5, y1 + 5))  # 5 px: a point's marker
    return boxes


def _places(
    view: _View,
    box: tuple[float, float, float, float],
    taken: list[Box],
    *,
    centre: tuple[float, float],
    width: int,
    map_h: int,
    texts: dict,
    lang: str,
) -> tuple[str, str]:
    """The place names (kept off the plots, the scale bar of at most 128 px, the inset and
    the attribution line) and, when any is drawn, the attribution GeoNames' licence asks for."""
    attribution = texts["places_source"]
    attribution_w = 7 * 0.6 * len(attribution) + 8
    taken = [
        *taken,
        Box(8, map_h - 28, 140, map_h - 6),
        Box(width - INSET_W - 8, 8, width - 8, 8 + INSET_H),
        Box(width - attribution_w - 6, map_h - 14, width, map_h),
    ]
    names, named = places_svg(
        box=box,
        project=view.xy,
        frame=Box(6, 6, width - 6, map_h - 6),
        taken=taken,
        centre=centre,
        km_text=texts["distance"],
        lang=lang,
    )
    if not named:
        return "", ""
    return f'<g class="plot-map-places">{names}</g>', (
        f'<g class="plot-map-attribution"><rect x="{width - attribution_w - 2:.1f}" y="{map_h - 12}" '
        f'width="{attribution_w + 2:.1f}" height="12" fill="#ffffff" fill-opacity="0.8"/>'
        f'<text x="{width - 4}" y="{map_h - 3}" text-anchor="end" font-size="7" fill="#5f6368">'
        f"{escape(attribution)}</text></g>"
    )


def _scale_bar(view: _View, box: tuple[float, float, float, float], *, x: float, y: float) -> str:
    lat0 = (box[1] + box[3]) / 2
    metres_per_px = view.degrees_per_px * METRES_PER_DEGREE * math.cos(math.radians(lat0))
    length_m = _nice_length(metres_per_px * 120)  # at most 120 px long
    length_px = length_m / metres_per_px
    label = _distance_label(length_m)
    return (
        f'<g class="scale-bar" data-metres="{length_m:g}">'
        f'<rect x="{x - 4}" y="{y - 14}" width="{length_px + 8:.1f}" height="22" '
        'fill="#ffffff" fill-opacity="0.8"/>'
        f'<path d="M{x},{y - 4}V{y + 2}H{x + length_px:.1f}V{y - 4}" '
        'fill="none" stroke="#1d1f21" stroke-width="1.5"/>'
        f'<text x="{x + length_px / 2:.1f}" y="{y - 5}" text-anchor="middle" font-size="9" '
        f'fill="#1d1f21">{label}</text>'
        "</g>"
    )


def _inset(
    *, country: str, plots: shapely.Geometry, box: tuple[float, float, float, float], width: int, texts: dict
) -> str:
    """The whole country, small, with the detail map's area marked."""
    centre = plots.centroid
    if not country:
        country = country_at(centre.y, centre.x) or ""
    outline = _country_near(country, centre) if country else None
    if outline is None:
        return ""
    w, h = INSET_W, INSET_H
    x0, y0 = width - w - 8, 8
    view = _View.fit(outline.bounds, x0 + 4, y0 + 4, w - 8, h - 8)
    outline = shapely.simplify(outline, view.degrees_per_px, preserve_topology=True)
    bx0, by0 = view.xy(box[0], box[3])
    bx1, by1 = view.xy(box[2], box[1])
    # A box smaller than a few pixels is drawn as a cross-hair dot; a box wider than the
    # country (plots all over it) is cut at the inset's frame, never drawn past it.
    bw, bh = max(bx1 - bx0, 6), max(by1 - by0, 6)
    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
    left, top = max(cx - bw / 2, x0 + 1), max(cy - bh / 2, y0 + 1)
    right, bottom = min(cx + bw / 2, x0 + w - 1), min(cy + bh / 2, y0 + h - 1)
    marked = (
        f'<rect class="plot-map-inset-box" x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
        f'height="{bottom - top:.1f}" fill="none" stroke="#b3261e" stroke-width="1.5"/>'
        if right > left and bottom > top
        else ""
    )
    return (
        f'<g class="plot-map-inset"><title>{escape(texts["inset"])}</title>'
        f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="#ffffff" stroke="#8a8f98"/>'
        f'<path class="country-outline" data-country="{escape(country.upper())}" d="{_path(outline, view)}" '
        f'fill="#f4f1ea" stroke="#5f6368" stroke-width="0.8" stroke-linejoin="round"/>'
        f"{marked}</g>"
    )


def _legend(plots: list[MapPlot], texts: dict, *, y: float, width: int) -> str:
    levels = [
        lvl
        for lvl in ("low", "medium", "high", "critical", "")
        if any((p.risk_level or "") == lvl for p in plots)
    ]
    items: list[str] = []
    x = 8.0
    for level in levels:
        label = escape(texts[level])
        items.append(
            f'<rect x="{x:.0f}" y="{y + 6}" width="10" height="10" fill="{RISK_FILL[level]}"/>'
            f'<text x="{x + 14:.0f}" y="{y + 15}" font-size="9" fill="#1d1f21">{label}</text>'
        )
        x += 14 + 6 * len(texts[level]) + 14
    items.append(
        f'<text x="{width - 8}" y="{y + 15}" text-anchor="end" font-size="8" fill="#5f6368">'
        f"{escape(texts['source'])}</text>"
    )
    return f'<g class="plot-map-legend">{"".join(items)}</g>'


def statement_map_plots(*, statement) -> list[MapPlot]:
    """The plots of a statement (commodities and plots prefetched or not), numbered
    as in the statement's tables. Parcels are drawn with the geometry cached from
    ULDK when we have it; a parcel never fetched is left off the map (it stays in the table)."""
    commodities = list(statement.commodities.all())
    rows = [(c, p) for c in commodities for p in c.plots.all()]
    parcel_ids = {p.parcel_id for _, p in rows if p.parcel_id and not p.geometry}
    parcels = dict(
        ParcelRecord.objects.filter(parcel_id__in=parcel_ids).values_list("parcel_id", "geometry_wkt")
    )
    plots: list[MapPlot] = []
    for commodity, plot in rows:
        number = (
            f"{commodity.position + 1}.{plot.position + 1}"
            if len(commodities) > 1
            else str(plot.position + 1)
        )
        geometry = None
        try:
            if plot.geometry:
                geometry = to_shape(plot.geometry)
            elif plot.parcel_id in parcels:
                geometry = shapely.from_wkt(parcels[plot.parcel_id])
        except Exception:  # a geometry we cannot read is left off the map, never fails the page
            geometry = None
        if geometry is not None:
            plots.append(MapPlot(number, geometry, plot.risk_level or "", plot.parcel_id))
    return plots


def statement_map_svg(*, statement, lang: str = "pl", width: int = 640, height: int = 400) -> SafeString:
    """The map of a statement's plots over its country of production."""
    commodities = list(statement.commodities.all())
    country = commodities[0].country_of_production if len(commodities) == 1 else ""
    return plot_map_svg(
        plots=statement_map_plots(statement=statement), country=country, lang=lang, width=width, height=height
    )
