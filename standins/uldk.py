"""A local stand-in for GUGiK's ULDK parcel service, for `make run` and tests only.

`make run` starts it (`manage.py run_fake_uldk`) so a simplified declaration filed from
parcel numbers is screened without the network. It answers `GetParcelById` in ULDK's
text format (https://uldk.gugik.gov.pl/): the status on the first line, `0` when found,
then one record whose `|`-separated fields follow the `result=` parameter in order;
`-1 <message>` otherwise, with HTTP 200 either way, as ULDK does. It knows the few
parcels in PARCELS and nothing else, and listens on 127.0.0.1 only: it is not a
service to run anywhere real.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import shapely
from shapely import wkt as shapely_wkt

HOST = "127.0.0.1"  # never another interface: this is no cadastre


@dataclass(frozen=True)
class StandInParcel:
    id: str  # ULDK form: TERYT commune + type, precinct, number
    voivodeship: str
    county: str
    commune: str
    region: str  # cadastral precinct (obręb) name
    ring: str  # outer ring in EPSG:4326, "lng lat,..." as ULDK writes it for srid=4326

    @property
    def number(self) -> str:
        return self.id.rsplit(".", 1)[1]

    @property
    def wkt(self) -> str:
        return f"POLYGON(({self.ring}))"

    @property
    def geometry(self) -> shapely.Geometry:
        return shapely_wkt.loads(self.wkt)


# Parcels in seven voivodeships, farmland a few kilometres from each commune's seat.
# Identifiers have the shape and TERYT codes of real ones (rural communes, type 2), but
# the numbers and the polygons are made up for local runs: do not look them up in a
# real register. Each polygon is a field of 1.5 to 5.5 ha inside the named commune.
PARCELS: tuple[StandInParcel, ...] = (
    StandInParcel(
        "140602_2.0052.118",
        "mazowieckie",
        "grójecki",
        "Błędów",
        "Zalesie",
        "20.7295 51.7842,20.733275 51.784309,20.733101 51.785466,20.729326 51.785412,20.7295 51.7842",
    ),
    StandInParcel(
        "120102_2.0007.254/3",
        "małopolskie",
        "bocheński",
        "Bochnia",
        "Gorzków",
        "20.4718 49.9907,20.473058 49.990772,20.472946 49.992599,20.471688 49.992563,20.4718 49.9907",
    ),
    StandInParcel(
        "061405_2.0004.731",
        "lubelskie",
        "puławski",
        "Końskowola",
        "Chrząchów",
        "22.0742 51.4187,22.076793 51.41879,22.076649 51.419785,22.074056 51.41974,22.0742 51.4187",
    ),
    StandInParcel(
        "300308_2.0011.96/1",
        "wielkopolskie",
        "gnieźnieński",
        "Niechanowo",
        "Goczałkowo",
        "17.6512 52.4763,17.655772 52.476436,17.655551 52.477837,17.650979 52.47777,17.6512 52.4763",
    ),
    StandInParcel(
        "200705_2.0018.402",
        "podlaskie",
        "łomżyński",
        "Piątnica",
        "Kalinowo",
        "22.1284 53.2147,22.1317 53.214781,22.131565 53.215559,22.128265 53.215518,22.1284 53.2147",
    ),
    StandInParcel(
        "040702_2.0003.57/4",
        "kujawsko-pomorskie",
        "inowrocławski",
        "Dąbrowa Biskupia",
        "Chlewiska",
        "18.5832 52.7801,18.58721 52.780227,18.587002 52.781818,18.582992 52.781755,18.5832 52.7801",
    ),
    StandInParcel(
        "181005_2.0002.1893",
        "podkarpackie",
        "łańcucki",
        "Markowa",
        "Markowa",
        "22.3067 50.0148,22.307539 50.014854,22.307455 50.018237,22.306616 50.018209,22.3067 50.0148",
    ),
)
_BY_ID = {p.id: p for p in PARCELS}

# Every `-1` of the stand-in names it, so the service can tell the reader that no real
# register was asked (risk/service.py, parcel_not_found_message). The service reads this
# wire text only, never this module: production runs without the stand-ins.
MARK = "stand-in ULDK"
# ULDK's answer when the identifier names no parcel, and whose it is; the parcels it holds
# follow, so the service can offer them without importing this list.
NOT_FOUND = f"-1 brak wyników ({MARK}: tylko działki z listy make run: {', '.join(p.id for p in PARCELS)})"
# ULDK's default when `result` is not given is the geometry alone, in WKB.
DEFAULT_RESULT = "geom_wkb"
# What this stand-in answers to requests it does not serve. ULDK's own wording for these
# cases is not documented; the shape (`-1` and a message, HTTP 200) is.
UNSUPPORTED_REQUEST = "-1 nieobsługiwane zapytanie (stand-in ULDK: tylko GetParcelById)"
MISSING_ID = f"-1 brak parametru id ({MARK})"
UNSUPPORTED_SRID = "-1 nieobsługiwany układ współrzędnych (stand-in ULDK: tylko srid=4326)"
UNKNOWN_RESULT = "-1 nieznane pole w parametrze result: {}"

_SHEET = re.compile(r"\.ar_", re.IGNORECASE)


def _field(parcel: StandInParcel, name: str) -> str | None:
    geometry = shapely.set_srid(parcel.geometry, 4326)
    values = {
        "id": parcel.id,
        "teryt": parcel.id,
        "voivodeship": parcel.voivodeship,
        "county": parcel.county,
        "commune": parcel.commune,
        "region": parcel.region,
        "parcel": parcel.number,
        "geom_wkt": f"SRID=4326;{parcel.wkt}",
        "geom_wkb": shapely.to_wkb(geometry, hex=True, include_srid=True),
        "geom_extent": ",".join(f"{v:.6f}" for v in geometry.bounds),
    }
    return values.get(name)


def answer(query: str) -> str:
    """ULDK's text answer to a query string (what follows `?` in the request)."""
    params = {k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
    if params.get("request") != "GetParcelById":
        return UNSUPPORTED_REQUEST + "\n"
    requested = params.get("id", "").strip()
    if not requested:
        return MISSING_ID + "\n"
    # ULDK's default is srid=2180 (PUWG 1992); the stand-in holds EPSG:4326 only and
    # answers in it when none is asked for.
    if params.get("srid", "4326").strip() != "4326":
        return UNSUPPORTED_SRID + "\n"
    names = [n.strip() for n in (params.get("result") or DEFAULT_RESULT).split(",") if n.strip()]
    parcel = _BY_ID.get(_SHEET.sub(".AR_", requested))
    if parcel is None:
        return NOT_FOUND + "\n"
    fields = [_field(parcel, name) for name in names]
    if None in fields:
        unknown = next(n for n, f in zip(names, fields, strict=True) if f is None)
        return UNKNOWN_RESULT.format(unknown) + "\n"
    return "0\n" + "|".join(fields) + "\n"


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        payload = answer(urlsplit(self.path).query).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        pass


class UldkStandIn:
    """The stand-in as an HTTP server on 127.0.0.1, in a thread."""

    def __init__(self) -> None:
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    def start(self, *, port: int = 0) -> str:
        """Listen on 127.0.0.1:`port` (0: any free one); returns the base address."""
        self._server = ThreadingHTTPServer((HOST, port), _Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()
        return f"http://{HOST}:{self._server.server_address[1]}/"

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
