"""Names of places on the plot map: what tells a reader where a farm-sized map is.

A detail map of a few plots is a kilometre or two across; the country borders are far
outside it. So the map names the places around it, from the GeoNames extract we ship
(risk/places.py, through the risk engine's front door):

- places inside the view get a dot and their name, most important first (capital, seat
  of a region, county, commune, then by population), at most `MAX_IN_VIEW`;
- when fewer than `MIN_IN_VIEW` could be named, the nearest places beyond the edges are
  named on the edge facing them, with their distance from the plots and an arrow:
  "Kutno 5 km ↗". The nearest place, the nearest town (seat of a county or more) and the
  nearest place in each other direction, at most `MAX_AT_EDGE`.

Labels never overlap each other or what the caller marks as taken (plot numbers, the
inset, the scale bar): a greedy check of estimated text boxes, most important first, a
few positions tried per label. Names are data, escaped, in the map's language: the
Polish name where GeoNames has one (Praga, Lwów), else GeoNames' name; a map in two
languages writes both where they differ ("Praga / Prague"). Each label is drawn twice,
a white outline under the text, so that it stays readable over borders and plots in
the browser and in WeasyPrint alike (no `paint-order`, no CSS).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.html import escape

from risk.engine import Place, get_place_index

MAX_IN_VIEW = 8
MIN_IN_VIEW = 2  # with fewer named places in view, the nearest ones beyond the edges are named
MAX_AT_EDGE = 4
# How far beyond the view to look for places to name at the edges: near first; farther
# only where nothing is near (a plantation in the Amazon, a farm in the Sahel).
REACHES_M = (30_000.0, 100_000.0)
MARGIN = 6.0  # px between a label and the map's frame
FONT = 10.0
# DejaVu Sans (the PDFs' font) averages about 0.6 em a character in names; arrows are wider.
CHAR_EM = 0.6
ARROWS = ("↑", "↗", "→", "↘", "↓", "↙", "←", "↖")  # by compass sector, clockwise from north


@dataclass(frozen=True)
class Box:
    """An axis-aligned pixel rectangle."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box, gap: float = 2.0) -> bool:
        return not (
            self.x1 + gap <= other.x0
            or other.x1 + gap <= self.x0
            or self.y1 + gap <= other.y0
            or other.y1 + gap <= self.y0
        )

    def inside(self, frame: Box) -> bool:
        return self.x0 >= frame.x0 and self.y0 >= frame.y0 and self.x1 <= frame.x1 and self.y1 <= frame.y1


@dataclass
class _Layout:
    frame: Box  # where labels may go
    taken: list[Box]

    def fits(self, box: Box) -> bool:
        return box.inside(self.frame) and not any(box.overlaps(other) for other in self.taken)


def _text_width(text: str) -> float:
    return FONT * (CHAR_EM * len(text) + 0.4 * sum(ch in ARROWS for ch in text)) + 2


def _label(x: float, y: float, text: str, anchor: str, css_class: str) -> str:
    """A name on a white outline; (x, y) is the baseline point of `anchor`."""
    t = escape(text)
    return (
        f'<g class="{css_class}" font-size="{FONT:g}" text-anchor="{anchor}">'
        f'<text x="{x:.1f}" y="{y:.1f}" fill="#ffffff" stroke="#ffffff" stroke-width="3" '
        f'stroke-linejoin="round" stroke-opacity="0.85">{t}</text>'
        f'<text x="{x:.1f}" y="{y:.1f}" fill="#3c4043">{t}</text></g>'
    )


def _name(place: Place, lang: str) -> str:
    """The place's name for a map in `lang` ("pl", "en", or both as "pl+en")."""
    names = dict.fromkeys(place.name_in(code) for code in lang.split("+"))
    return " / ".join(names)


def _importance(place: Place) -> tuple:
    return (-place.tier, -place.population, place.name)


def _in_view(places: list[Place], project: Callable, layout: _Layout, lang: str) -> list[str]:
    drawn: list[str] = []
    for place in sorted(places, key=_importance):
        if len(drawn) >= MAX_IN_VIEW:
            break
        px, py = project(place.lng, place.lat)
        dot = Box(px - 3, py - 3, px + 3, py + 3)
        if not layout.fits(dot):
            continue
        name = _name(place, lang)
        w = _text_width(name)
        # Right of the dot, left, above, below: the first position that is free.
        options = (
            (Box(px + 5, py - 8, px + 5 + w, py + 4), px + 5, py + 3.5, "start"),
            (Box(px - 5 - w, py - 8, px - 5, py + 4), px - 5, py + 3.5, "end"),
            (Box(px - w / 2, py - 17, px + w / 2, py - 5), px, py - 7, "middle"),
            (Box(px - w / 2, py + 5, px + w / 2, py + 17), px, py + 14, "middle"),
        )
        for box, x, y, anchor in options:
            if layout.fits(box):
                layout.taken += [dot, box]
                drawn.append(
                    f'<circle class="place-dot" cx="{px:.1f}" cy="{py:.1f}" r="2.5" fill="#3c4043" '
                    'stroke="#ffffff" stroke-width="1"/>' + _label(x, y, name, anchor, "place-label")
                )
                break
    return drawn


def _sector(dx: float, dy: float) -> int:
    """Compass sector (0 = north, clockwise) of a pixel direction (y grows downwards)."""
    bearing = math.degrees(math.atan2(dx, -dy)) % 360
    return int(((bearing + 22.5) % 360) // 45)


def _edge_choices(nearby: list[tuple[Place, float]], centre_xy, project) -> list[tuple[Place, float, int]]:
    """Nearest place, nearest town, then the nearest place in each other direction."""
    chosen: list[tuple[Place, float, int]] = []
    seen_sectors: set[int] = set()

    def sector_of(place: Place) -> int:
        px, py = project(place.lng, place.lat)
        return _sector(px - centre_xy[0], py - centre_xy[1])

    towns = [(p, d) for p, d in nearby if p.tier >= 3]
    firsts = nearby[:1] + towns[:1]
    for place, distance in firsts + nearby:
        if len(chosen) >= MAX_AT_EDGE:
            break
        if any(place is c[0] for c in chosen):
            continue
        sector = sector_of(place)
        if sector in seen_sectors and (place, distance) not in firsts:
            continue
        seen_sectors.add(sector)
        chosen.append((place, distance, sector))
    return chosen


def _at_edges(
    nearby: list[tuple[Place, float]],
    project: Callable,
    layout: _Layout,
    centre_xy,
    *,
    km_text: str,
    lang: str,
) -> list[str]:
    drawn: list[str] = []
    frame = layout.frame
    cx, cy = centre_xy
    for place, distance, sector in _edge_choices(nearby, centre_xy, project):
        km = max(1, round(distance / 1000))
        name_km = f"{_name(place, lang)} {km_text % {'km': km}}"
        arrow = ARROWS[sector]
        text = f"{name_km} {arrow}" if sector in (1, 2, 3) else f"{arrow} {name_km}"
        w, h = _text_width(text), 12.0
        px, py = project(place.lng, place.lat)
        dx, dy = px - cx, py - cy
        # Where the ray from the plots towards the place leaves the frame.
        tx = (frame.x1 - cx) / dx if dx > 0 else (frame.x0 - cx) / dx if dx < 0 else math.inf
        ty = (frame.y1 - cy) / dy if dy > 0 else (frame.y0 - cy) / dy if dy < 0 else math.inf
        t = min(tx, ty)
        ex, ey = cx + t * dx, cy + t * dy
        # The label's box touches that edge, centred on the crossing, kept inside the frame.
        if tx <= ty:
            x0 = frame.x1 - w if dx > 0 else frame.x0
            y0 = ey - h / 2
        else:
            x0 = ex - w / 2
            y0 = frame.y1 - h if dy > 0 else frame.y0
        x0 = min(max(x0, frame.x0), frame.x1 - w)
        y0 = min(max(y0, frame.y0), frame.y1 - h)
        # Slide along the edge when that spot is taken (e.g. by the inset in a corner).
        along_x = tx > ty
        for shift in (0, 1, -1, 2, -2, 3, -3, 5, -5, 8, -8):
            step = (w + 4) / 2 if along_x else h + 2
            bx = x0 + (shift * step if along_x else 0)
            by = y0 + (0 if along_x else shift * step)
            box = Box(bx, by, bx + w, by + h)
            if layout.fits(box):
                layout.taken.append(box)
                drawn.append(_label(bx + w / 2, by + h - 2.5, text, "middle", "place-edge-label"))
                break
    return drawn


def places_svg(
    *,
    box: tuple[float, float, float, float],
    project: Callable[[float, float], tuple[float, float]],
    frame: Box,
    taken: list[Box],
    centre: tuple[float, float],
    km_text: str,
    lang: str = "pl",
) -> tuple[str, int]:
    """The place names for a map view, and how many were drawn.

    `box` is the view's lng/lat box, `project` maps lng/lat to pixels, `frame` is the pixel
    area labels may use and `taken` what they must leave free; `centre` (lng, lat) is what
    distances are measured from; `km_text` is "%(km)s km" in the map's language `lang`
    ("pl", "en" or "pl+en"), which also chooses the names."""
    index = get_place_index()
    layout = _Layout(frame, list(taken))
    drawn = _in_view(index.within(*box), project, layout, lang)
    if len(drawn) < MIN_IN_VIEW:
        lng, lat = centre
        minx, miny, maxx, maxy = box
        for reach in REACHES_M:
            beyond = [
                (p, d)
                for p, d in index.near(lat, lng, reach)
                if not (minx <= p.lng <= maxx and miny <= p.lat <= maxy)
            ]
            if beyond:
                drawn += _at_edges(beyond, project, layout, project(lng, lat), km_text=km_text, lang=lang)
                break
    return "".join(drawn), len(drawn)
