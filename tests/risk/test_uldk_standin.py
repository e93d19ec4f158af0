"""The ULDK stand-in `make run` starts: ULDK's text format, and our client reads it."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator

import pytest
import shapely

from risk.geometry import area_ha
from risk.parcels import ParcelNotFound, fetch_parcel, parse_parcel_id
from risk.service import parcel_source
from risk.voivodeships import voivodeship_by_code
from standins.uldk import PARCELS, UldkStandIn

KNOWN = PARCELS[0]


@pytest.fixture
def standin() -> Iterator[str]:
    server = UldkStandIn()
    yield server.start()
    server.stop()


def get(base_url: str, query: str) -> str:
    with urllib.request.urlopen(f"{base_url}?{query}", timeout=5) as response:
        assert response.status == 200  # ULDK answers 200 and says -1 in the body
        return response.read().decode("utf-8")


def test_a_known_parcel_is_status_0_and_one_record_in_the_requested_order(standin):
    text = get(
        standin,
        f"request=GetParcelById&id={KNOWN.id}&result=teryt,voivodeship,county,commune,geom_wkt&srid=4326",
    )
    assert text == (f"0\n{KNOWN.id}|mazowieckie|grójecki|Błędów|SRID=4326;POLYGON(({KNOWN.ring}))\n")
    reordered = get(standin, f"request=GetParcelById&id={KNOWN.id}&result=commune,parcel,region&srid=4326")
    assert reordered == "0\nBłędów|118|Zalesie\n"


def test_without_result_the_answer_is_the_geometry_in_wkb(standin):
    status, wkb = get(standin, f"request=GetParcelById&id={KNOWN.id}").split("\n")[:2]
    assert status == "0"
    assert shapely.from_wkb(bytes.fromhex(wkb)).equals(KNOWN.geometry)


def test_an_unknown_parcel_is_minus_one_brak_wynikow_naming_the_standin(standin):
    answer = get(standin, "request=GetParcelById&id=140602_2.0052.999&result=teryt")
    # The parcels it holds follow, so the service can offer them without importing the stand-in.
    listed = ", ".join(parcel.id for parcel in PARCELS)
    assert answer == f"-1 brak wyników (stand-in ULDK: tylko działki z listy make run: {listed})\n"


@pytest.mark.parametrize(
    "query",
    [
        "request=GetParcelByXY&xy=20.73,51.78,4326",
        f"id={KNOWN.id}",
        "request=GetParcelById&result=teryt",
        f"request=GetParcelById&id={KNOWN.id}&srid=2180",
        f"request=GetParcelById&id={KNOWN.id}&result=teryt,colour",
    ],
)
def test_requests_it_does_not_serve_are_minus_one_with_a_message(standin, query):
    text = get(standin, query)
    assert text.startswith("-1 ") and text.endswith("\n") and len(text) > 4


@pytest.mark.parametrize("parcel", PARCELS, ids=[p.id for p in PARCELS])
def test_our_client_reads_every_parcel_into_its_geometry(standin, parcel):
    read = fetch_parcel(parcel.id, base_url=standin, timeout=5)
    assert read.id == parcel.id
    assert (read.voivodeship, read.county, read.commune) == (
        parcel.voivodeship,
        parcel.county,
        parcel.commune,
    )
    assert read.geometry.equals(parcel.geometry)
    assert read.teryt == parcel.id.split(".")[0]


def test_our_client_reads_an_unknown_parcel_as_not_found(standin):
    with pytest.raises(ParcelNotFound):
        fetch_parcel("140602_2.0052.999", base_url=standin, timeout=5)


def test_the_parcels_are_valid_fields_in_their_voivodeship_in_poland():
    assert len({p.voivodeship for p in PARCELS}) == len(PARCELS) >= 5
    for parcel in PARCELS:
        parsed = parse_parcel_id(parcel.id)
        assert voivodeship_by_code(parsed.teryt[:2]).name == parcel.voivodeship
        geometry = parcel.geometry
        assert geometry.is_valid and 1.0 <= area_ha(geometry) <= 6.0
        # Near the voivodeship's representative point (about 100 km), inside Poland.
        centre = geometry.centroid
        assert abs(centre.y - parsed.voivodeship.lat) < 1.0 and abs(centre.x - parsed.voivodeship.lng) < 1.5
        assert 49.0 < centre.y < 54.9 and 14.1 < centre.x < 24.1


def test_it_listens_on_loopback_only():
    server = UldkStandIn()
    base_url = server.start()
    try:
        assert base_url.startswith("http://127.0.0.1:")
        assert server._server.server_address[0] == "127.0.0.1"
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("base_url", "source"),
    [
        ("https://uldk.gugik.gov.pl/", "GUGiK ULDK"),
        ("http://127.0.0.1:8086/", "ULDK stand-in (local run, made-up parcels)"),
    ],
)
def test_a_record_cites_gugik_only_when_the_parcel_came_from_gugik(settings, base_url, source):
    settings.ULDK_BASE_URL = base_url
    assert parcel_source() == source


def test_the_command_speaks_english_in_make_runs_console_whatever_the_language(monkeypatch):
    """make run's console is English (the server, migrate, the fake EU and seed_demo are)."""
    from io import StringIO
    from types import SimpleNamespace

    from django.core.management import call_command
    from django.utils import translation

    from standins.management.commands import run_fake_uldk

    class Interrupted:  # the operator's Ctrl-C, at once
        def wait(self) -> None:
            raise KeyboardInterrupt

    monkeypatch.setattr(run_fake_uldk, "threading", SimpleNamespace(Event=Interrupted))
    out = StringIO()
    with translation.override("pl"):
        call_command("run_fake_uldk", "--port", "0", stdout=out)
    first = out.getvalue().splitlines()[0]
    assert first.startswith("ULDK stand-in at http://127.0.0.1:") and first.endswith(
        "it knows these parcels:"
    )
    assert len(out.getvalue().splitlines()) == 1 + len(PARCELS)
