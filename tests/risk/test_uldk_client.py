"""The ULDK client against a real local HTTP server speaking ULDK's text format.

ULDK answers `GetParcelById` with text/plain: a status line `0` followed by one record
`<fields in the order of result=...>` separated by `|`, or `-1 <message>`.
"""

from __future__ import annotations

import socket
import time

import pytest

from risk.parcels import (
    InvalidParcelId,
    ParcelNotFound,
    ParcelServiceUnavailable,
    fetch_parcel,
    parse_parcel_id,
    parse_uldk_response,
)
from tests.risk.fakes import PARCEL_ID, POLYGON_LAT_LNG, POLYGON_LNG_LAT, RECORD


def test_success_returns_parcel_with_lng_lat_geometry(uldk):
    state, base_url = uldk
    parcel = fetch_parcel(PARCEL_ID, base_url=base_url, timeout=2)
    assert parcel.id == PARCEL_ID
    assert parcel.teryt == "141201_1"
    assert (parcel.voivodeship, parcel.county) == ("mazowieckie", "miński")
    assert parcel.commune == "Mińsk Mazowiecki (miasto)"
    minx, miny, maxx, maxy = parcel.geometry.bounds
    assert (minx, miny, maxx, maxy) == pytest.approx((21.5890, 52.1715, 21.5902, 52.1722))
    assert parcel.wkt.startswith("POLYGON ((21.589 52.1715")
    query = state.requests[0]
    assert query["request"] == ["GetParcelById"]
    assert query["id"] == [PARCEL_ID]
    assert query["result"] == ["teryt,voivodeship,county,commune,geom_wkt"]
    assert query["srid"] == ["4326"]


def test_slash_in_parcel_number_is_sent_as_is(uldk):
    state, base_url = uldk
    state.body = "0\n" + RECORD.replace(PARCEL_ID, "146518_8.0108.AR_3.150/2")
    parcel = fetch_parcel("146518_8.0108.AR_3.150/2", base_url=base_url, timeout=2)
    assert parcel.id == "146518_8.0108.AR_3.150/2"
    assert "id=146518_8.0108.AR_3.150/2&" in state.raw_paths[0]


def test_status_and_record_on_one_line(uldk):
    state, base_url = uldk
    state.body = f"0 {RECORD}"
    assert fetch_parcel(PARCEL_ID, base_url=base_url, timeout=2).commune.startswith("Mińsk")


def test_lat_lng_axis_order_is_corrected(uldk):
    state, base_url = uldk
    state.body = "0\n" + RECORD.replace(POLYGON_LNG_LAT, POLYGON_LAT_LNG)
    parcel = fetch_parcel(PARCEL_ID, base_url=base_url, timeout=2)
    assert parcel.geometry.centroid.x == pytest.approx(21.5896)
    assert parcel.geometry.centroid.y == pytest.approx(52.17185)


def test_minus_one_means_not_found(uldk):
    state, base_url = uldk
    state.body = "-1 brak wyników\n"
    with pytest.raises(ParcelNotFound, match="brak wyników"):
        fetch_parcel(PARCEL_ID, base_url=base_url, timeout=2)


def test_server_error_means_unavailable(uldk):
    state, base_url = uldk
    state.status, state.body = 500, "Internal Server Error"
    with pytest.raises(ParcelServiceUnavailable, match="HTTP 500"):
        fetch_parcel(PARCEL_ID, base_url=base_url, timeout=2)


@pytest.mark.parametrize(
    "body",
    [
        "<html><body>maintenance</body></html>",
        "0\n",
        "0\nonly|three|fields",
        f"0\n{PARCEL_ID}|mazowieckie|miński|Mińsk|SRID=4326;POLYGON((not numbers))",
        f"0\n{PARCEL_ID}|mazowieckie|miński|Mińsk|SRID=4326;POINT(21.5 52.1)",
        f"0\n{PARCEL_ID}|a|b|c|SRID=4326;POLYGON((2 48,3 48,3 49,2 49,2 48))",  # Paris
    ],
)
def test_garbage_means_unavailable(uldk, body):
    state, base_url = uldk
    state.body = body
    with pytest.raises(ParcelServiceUnavailable):
        fetch_parcel(PARCEL_ID, base_url=base_url, timeout=2)


def test_slow_answer_times_out_as_unavailable(uldk):
    state, base_url = uldk
    state.delay = 1.0
    started = time.monotonic()
    with pytest.raises(ParcelServiceUnavailable):
        fetch_parcel(PARCEL_ID, base_url=base_url, timeout=0.2)
    assert time.monotonic() - started < 0.9


def test_closed_port_means_unavailable():
    with socket.socket() as probe:  # reserve a free port, then close it: nobody listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ParcelServiceUnavailable, match="unreachable"):
        fetch_parcel(PARCEL_ID, base_url=f"http://127.0.0.1:{port}/", timeout=1)


def test_redirect_to_another_host_is_not_followed(uldk):
    state, base_url = uldk
    state.status, state.location = 302, "http://example.invalid/?request=GetParcelById"
    with pytest.raises(ParcelServiceUnavailable, match="another host"):
        fetch_parcel(PARCEL_ID, base_url=base_url, timeout=2)


def test_invalid_identifier_is_rejected_before_any_request(uldk):
    state, base_url = uldk
    with pytest.raises(InvalidParcelId):
        fetch_parcel("not-a-parcel", base_url=base_url, timeout=2)
    assert state.requests == []


def test_parser_accepts_crlf_and_multipolygon():
    text = (
        f"0\r\n{PARCEL_ID}|mazowieckie|miński|Mińsk|SRID=4326;"
        "MULTIPOLYGON(((21.58 52.17,21.59 52.17,21.59 52.18,21.58 52.17)))\r\n"
    )
    parcel = parse_uldk_response(text, requested=parse_parcel_id(PARCEL_ID))
    assert parcel.geometry.geom_type == "MultiPolygon"
