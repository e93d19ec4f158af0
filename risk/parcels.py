"""Polish cadastral parcel identifiers (ULDK form) and the GUGiK ULDK client.

An identifier looks like `141201_1.0001.6509` or `146518_8.0108.AR_3.150/2`:

    141201   TERYT of the commune: voivodeship 14, county 12, commune 01
    _1       commune type (1 urban, 2 rural, 3 urban-rural, 4 town and 5 rural area of an
             urban-rural commune, 8 district of Warsaw, 9 delegation of a large city)
    .0001    cadastral precinct (obręb), four digits
    .AR_3    optional map sheet (arkusz), used where numbers repeat per sheet
    .150/2   parcel number, digits with optional "/digits" subdivisions

Parsing is offline so invalid input is a 400 without a network call; the geometry comes
from ULDK (`fetch_parcel`), whose text answers are `0` + records or `-1 <message>`.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass

import shapely
from shapely import wkt as shapely_wkt

from eudr_service.lib import safe_http

from .voivodeships import Voivodeship, voivodeship_by_code

PARCEL_ID = re.compile(
    r"(?P<teryt>\d{6})_(?P<type>[1-589])\.(?P<precinct>\d{4})"
    r"(?:\.AR_(?P<sheet>\d{1,4}))?\.(?P<number>\d{1,6}(?:/\d{1,6}){0,3})"
)
MAX_RESPONSE_BYTES = 5_000_000  # a parcel polygon is kilobytes; more is not ULDK talking
# Poland's extent; the two ranges do not overlap, which lets us detect swapped axes.
_PL_LAT = (48.9, 55.0)
_PL_LNG = (14.0, 24.2)


class InvalidParcelId(ValueError):
    """The text is not a well-formed ULDK parcel identifier."""


class ParcelNotFound(LookupError):
    """ULDK answered `-1`: no such parcel (or ULDK rejected the identifier)."""


class ParcelServiceUnavailable(RuntimeError):
    """ULDK could not be asked or gave no usable answer; retrying later may help.

    `retry_after`: seconds to wait when known (the breaker is open), else None."""

    retry_after: int | None = None


class ParcelLookupBudgetSpent(ParcelServiceUnavailable):
    """The request's ULDK wait budget is spent: ULDK was not asked, or its answer was
    awaited only for what the budget had left (either way no sign of its health)."""


@dataclass(frozen=True)
class ParcelId:
    id: str  # normalised form, as ULDK expects it
    teryt: str  # six digits: voivodeship, county, commune
    commune_type: str
    precinct: str
    sheet: str | None
    number: str
    voivodeship: Voivodeship

    @property
    def county_code(self) -> str:
        return self.teryt[:4]


@dataclass(frozen=True)
class UldkParcel:
    id: str
    teryt: str  # commune as ULDK writes it in ids, e.g. "141201_1"
    voivodeship: str
    county: str
    commune: str
    geometry: shapely.Geometry  # x = longitude, y = latitude (EPSG:4326)
    wkt: str  # the same geometry in lng/lat order, without the SRID prefix


def parse_parcel_id(text: str) -> ParcelId:
    """Validate and split a parcel identifier; raises InvalidParcelId with the reason."""
    candidate = text.strip() if isinstance(text, str) else ""
    # The sheet marker is upper case in ULDK; clients type it either way.
    candidate = re.sub(r"\.ar_", ".AR_", candidate, flags=re.IGNORECASE)
    match = PARCEL_ID.fullmatch(candidate)
    if match is None:
        raise InvalidParcelId(
            f"{text!r} is not a parcel identifier like 141201_1.0001.6509 or 146518_8.0108.AR_3.150/2"
        )
    teryt = match["teryt"]
    voivodeship = voivodeship_by_code(teryt[:2])
    if voivodeship is None:
        raise InvalidParcelId(f"{teryt[:2]!r} is not a voivodeship TERYT code")
    if teryt[2:4] == "00" or teryt[4:6] == "00":
        raise InvalidParcelId(f"{teryt!r} has no county or commune part")
    return ParcelId(
        id=candidate,
        teryt=teryt,
        commune_type=match["type"],
        precinct=match["precinct"],
        sheet=match["sheet"],
        number=match["number"],
        voivodeship=voivodeship,
    )


def fetch_parcel(
    parcel_id: str, *, base_url: str, timeout: float, deadline: safe_http.Deadline | None = None
) -> UldkParcel:
    """Ask ULDK for a parcel's geometry and administrative names.

    `timeout` bounds the whole exchange, cut to what `deadline` (the request's ULDK budget)
    has left. Redirects are followed within the configured host only. Raises
    InvalidParcelId before any network call, ParcelNotFound on `-1`,
    ParcelServiceUnavailable on anything else.
    """
    parsed = parse_parcel_id(parcel_id)
    query = urllib.parse.urlencode(
        {
            "request": "GetParcelById",
            "id": parsed.id,
            "result": "teryt,voivodeship,county,commune,geom_wkt",
            "srid": "4326",
        },
        safe="/,",  # ULDK examples write the "/" of parcel numbers and the "," raw
    )
    try:
        response = safe_http.request(
            "GET",
            f"{base_url}?{query}",
            headers={"User-Agent": "eudr-risk/1.0"},
            timeout=timeout,
            deadline=deadline,
            policy=safe_http.upstream_policy(base_url),
            max_response_bytes=MAX_RESPONSE_BYTES,
            follow_same_host_redirects=True,
        )
    except safe_http.DeadlineExceeded as exc:
        raise ParcelLookupBudgetSpent(f"ULDK not asked: {exc}") from exc
    except safe_http.BudgetCutShort as exc:
        raise ParcelLookupBudgetSpent(f"ULDK not answered within the budget: {exc}") from exc
    except safe_http.RedirectRefused as exc:
        raise ParcelServiceUnavailable(f"ULDK {exc}") from exc
    except (safe_http.OutboundError, safe_http.DestinationRefused) as exc:
        raise ParcelServiceUnavailable(f"ULDK unreachable: {exc}") from exc
    if not 200 <= response.status < 300:
        raise ParcelServiceUnavailable(f"ULDK answered HTTP {response.status}")
    if response.truncated:
        raise ParcelServiceUnavailable("ULDK answer too large")
    return parse_uldk_response(response.body.decode("utf-8", errors="replace"), requested=parsed)


def parse_uldk_response(text: str, *, requested: ParcelId) -> UldkParcel:
    """Read ULDK's text answer for `result=teryt,voivodeship,county,commune,geom_wkt`.

    Accepts the status on its own line (`0\\n<record>`) and on the record's line
    (`0 <record>`), as both have been seen from ULDK.
    """
    text = text.strip()
    if text.startswith("-1"):
        raise ParcelNotFound(text[2:].strip() or "parcel not found")
    if not text.startswith("0"):
        raise ParcelServiceUnavailable(f"unexpected ULDK answer: {text[:80]!r}")
    record = next((line.strip() for line in text[1:].splitlines() if line.strip()), "")
    fields = record.split("|")
    if len(fields) != 5:
        raise ParcelServiceUnavailable(f"unexpected ULDK record: {record[:80]!r}")
    returned_id, voivodeship, county, commune, geometry_text = (f.strip() for f in fields)
    geometry = _lng_lat_geometry(geometry_text)
    return UldkParcel(
        id=returned_id or requested.id,
        teryt=f"{requested.teryt}_{requested.commune_type}",
        voivodeship=voivodeship or requested.voivodeship.name,
        county=county,
        commune=commune,
        geometry=geometry,
        wkt=geometry.wkt,
    )


def _lng_lat_geometry(geometry_text: str) -> shapely.Geometry:
    """Parse `SRID=4326;POLYGON((...))` into a shapely geometry with x = longitude.

    ULDK writes x y = lng lat for srid=4326 today, but EPSG:4326's axis order is formally
    lat, lng and some services follow it; since Poland's latitude and longitude ranges
    do not overlap, the order can be recognised and corrected rather than trusted.
    """
    _, _, body = geometry_text.rpartition(";")
    try:
        geometry = shapely_wkt.loads(body)
    except shapely.errors.GEOSException as exc:
        raise ParcelServiceUnavailable("ULDK geometry is not valid WKT") from exc
    if geometry.is_empty or geometry.geom_type not in ("Polygon", "MultiPolygon"):
        raise ParcelServiceUnavailable("ULDK geometry is not a polygon")
    minx, miny, maxx, maxy = geometry.bounds
    if _within(minx, maxx, _PL_LAT) and _within(miny, maxy, _PL_LNG):
        geometry = shapely.transform(geometry, lambda xy: xy[:, ::-1])
    elif not (_within(minx, maxx, _PL_LNG) and _within(miny, maxy, _PL_LAT)):
        raise ParcelServiceUnavailable("ULDK geometry is not in Poland in EPSG:4326")
    return geometry


def _within(low: float, high: float, bounds: tuple[float, float]) -> bool:
    return bounds[0] <= low and high <= bounds[1]
