"""`manage.py forest_data` end to end against a local fake of the publishers."""

from io import StringIO
from pathlib import Path

import numpy as np
import pytest
import shapely
from django.core.management import CommandError, call_command

from regulation.benchmark import benchmark_cache_clear
from risk import forest_download
from risk.forest import forest_evidence
from risk.forest_sources import Product, Tile
from risk.models import ForestLayerRecord, ForestTile
from risk.service import configured_layers
from tests.risk.forest_publisher import (
    HANSEN_VERSION,
    SIZE,
    path_for,
    pixel_of,
    poland,
    running_publisher,
    tile_tiff,
)

pytestmark = pytest.mark.django_db
SINGLE = "/api/eudr/v1/risk-score"
CLEARCUT = {"lat": 52.25, "lng": 21.05}  # in tiles N60_E20 / 60N_020E
JRC_NAME, HANSEN_NAME = "JRC GFC2020 V4", f"Hansen GFC lossyear {HANSEN_VERSION}"


@pytest.fixture(autouse=True)
def _fresh_benchmark_cache():
    benchmark_cache_clear()
    yield
    benchmark_cache_clear()


@pytest.fixture
def publisher(settings, tmp_path, monkeypatch):
    # GDAL (curl) and requests must talk to 127.0.0.1 directly, never through a proxy.
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    with running_publisher() as fake:
        for key, value in fake.settings().items():
            setattr(settings, key, value)
        settings.FOREST_DATA_DIR = tmp_path / "forest"
        # GDAL's byte-range cache lives as long as the process: a later test's server may
        # get the same port and serve other bytes under the same address.
        settings.FOREST_GDAL_OPTIONS = {
            **settings.FOREST_GDAL_OPTIONS,
            "CPL_VSIL_CURL_NON_CACHED": "/vsicurl/http://127.0.0.1",
        }
        yield fake


def clearcut_loss(tile: Tile) -> np.ndarray:
    """Loss in 2023 on a 5 x 5 pixel block (10 km square) around the clear-cut point."""
    values = np.zeros((SIZE, SIZE), np.uint8)
    if tile == Tile(60, 20):
        row, col = pixel_of(tile, CLEARCUT["lat"], CLEARCUT["lng"])
        values[row - 2 : row + 3, col - 2 : col + 3] = 23
    return values


def fetch(*args: str) -> str:
    out = StringIO()
    call_command("forest_data", "fetch", *args, stdout=out)
    return out.getvalue()


def factors(body: dict) -> dict:
    return {f["name"]: f for f in body["factors"]}


def test_fetch_for_poland_registers_layers_that_answer_with_their_versions(publisher, keyed_client):
    poland(publisher, loss=clearcut_loss)
    client = keyed_client("standard")
    before = client.get(SINGLE, CLEARCUT).json()
    assert "forest_cover_2020" not in factors(before)

    output = fetch("--country", "PL")

    assert "JRC GFC2020 V4: registered" in output
    assert "downloading N60_E20 JRC_GFC2020_V4_N60_E20.tif" in output  # one line per file off a terminal
    layers = {r.name: r for r in ForestLayerRecord.objects.all()}
    assert set(layers) == {JRC_NAME, HANSEN_NAME}
    jrc = layers[JRC_NAME]
    assert (jrc.kind, jrc.product, jrc.version, jrc.remote) == (
        "forest_cover_2020_class",
        "jrc_gfc2020",
        "V4",
        False,
    )
    assert "2011/833/EU" in jrc.licence and jrc.citation and jrc.path.endswith(".vrt")
    assert layers[HANSEN_NAME].licence == "CC BY 4.0" and "Hansen" in layers[HANSEN_NAME].citation
    assert sorted(jrc.tiles.values_list("tile_id", flat=True)) == ["N50_E10", "N50_E20", "N60_E10", "N60_E20"]
    tile = jrc.tiles.get(tile_id="N60_E20")
    assert (tile.west, tile.south, tile.east, tile.north) == (20.0, 50.0, 30.0, 60.0)
    assert Path(tile.path).is_file() and Path(tile.path).name == "JRC_GFC2020_V4_N60_E20.tif"

    body = client.get(SINGLE, CLEARCUT).json()
    answer = factors(body)
    assert answer["forest_cover_2020"]["value"] == 1.0
    assert answer["forest_cover_2020"]["source"] == "JRC GFC2020 V4, tile N60_E20"
    assert answer["forest_loss_after_cutoff"]["value"] == 1.0
    assert answer["forest_loss_after_cutoff"]["source"] == f"{HANSEN_NAME}, tile 60N_020E"
    assert body["risk_level"] in ("high", "critical") and body["score"] > before["score"]
    assert body["data_coverage"]["layers_answered"] == [JRC_NAME, HANSEN_NAME]


def test_a_plot_straddling_two_tiles_is_read_across_the_boundary(publisher):
    # West of 20 E no forest, east of it all forest.
    poland(publisher, cover=lambda t: np.full((SIZE, SIZE), 1 if t.west == 20 else 0, np.uint8))
    fetch("--country", "PL", "--layers", "jrc_gfc2020")
    plot = shapely.box(19.9, 52.0, 20.1, 52.1)
    evidence = forest_evidence(area=plot, layers=configured_layers())
    cover = evidence.cover
    assert cover.forest_share_2020 == pytest.approx(0.5)
    assert cover.tiles == ("N60_E10", "N60_E20")
    assert cover.source == "JRC GFC2020 V4, tiles N60_E10, N60_E20"


def test_an_interrupted_download_resumes_where_it_stopped(publisher, monkeypatch):
    monkeypatch.setattr(forest_download, "CHUNK_BYTES", 256)  # the test tiles are a few kB
    poland(publisher)
    path = path_for(Product.HANSEN_LOSSYEAR, Tile(60, 20))
    publisher.drop_once.add(path)
    fetch("--country", "PL", "--layers", "hansen_lossyear")
    ranges = publisher.gets(path)
    assert ranges[0] == "" and len(ranges) == 2
    offset = int(ranges[1].removeprefix("bytes=").rstrip("-"))
    assert 0 < offset < len(publisher.files[path])
    tile = ForestTile.objects.get(tile_id="60N_020E")
    assert Path(tile.path).read_bytes() == publisher.files[path]
    assert len(tile.md5) == 32


def test_a_partial_file_left_by_an_earlier_run_is_resumed(publisher, settings):
    poland(publisher)
    path = path_for(Product.HANSEN_LOSSYEAR, Tile(60, 10))
    data = publisher.files[path]
    folder = Path(settings.FOREST_DATA_DIR) / "hansen_lossyear" / HANSEN_VERSION
    folder.mkdir(parents=True)
    half = len(data) // 2
    (folder / (Path(path).name + ".part")).write_bytes(data[:half])
    fetch("--bbox", "15,55,16,56", "--layers", "hansen_lossyear")
    assert publisher.gets(path) == [f"bytes={half}-"]
    assert (folder / Path(path).name).read_bytes() == data


@pytest.mark.parametrize(
    "bad",
    [
        b"\x00" * 5000,  # not a GeoTIFF at all
        tile_tiff(Tile(60, 20), np.ones((SIZE, SIZE), np.uint8), shift=0.5),  # wrong extent
        tile_tiff(Tile(60, 20), np.full((SIZE, SIZE), 7, np.uint8)),  # not 0/1
        tile_tiff(Tile(60, 20), np.ones((SIZE, SIZE), np.uint8), nodata=0),  # would hide non-forest
    ],
    ids=["garbage", "extent", "values", "nodata"],
)
def test_a_corrupt_tile_is_refused_and_not_registered(publisher, settings, bad):
    poland(publisher)
    publisher.add(Product.JRC_GFC2020, Tile(60, 20), bad)
    with pytest.raises(CommandError, match="N60_E20"):
        fetch("--country", "PL", "--layers", "jrc_gfc2020")
    layer = ForestLayerRecord.objects.get(name=JRC_NAME)
    assert sorted(layer.tiles.values_list("tile_id", flat=True)) == ["N50_E10", "N50_E20", "N60_E10"]
    folder = Path(settings.FOREST_DATA_DIR) / "jrc_gfc2020" / "V4"
    assert not (folder / "JRC_GFC2020_V4_N60_E20.tif").exists()
    assert not (folder / "JRC_GFC2020_V4_N60_E20.tif.part").exists()


def test_a_checksum_differing_from_the_publishers_is_refused(publisher):
    poland(publisher)
    path = path_for(Product.HANSEN_LOSSYEAR, Tile(50, 10))
    publisher.md5_override[path] = "AAAAAAAAAAAAAAAAAAAAAA=="
    with pytest.raises(CommandError, match="MD5"):
        fetch("--country", "PL", "--layers", "hansen_lossyear")
    assert not ForestTile.objects.filter(tile_id="50N_010E").exists()


def test_tiles_outside_the_area_are_not_downloaded(publisher):
    poland(publisher)
    fetch("--bbox", "21.0,52.0,21.5,52.5")
    fetched = {path for method, path, _ in publisher.requests}
    assert fetched == {
        path_for(Product.JRC_GFC2020, Tile(60, 20)),
        path_for(Product.HANSEN_LOSSYEAR, Tile(60, 20)),
    }


def test_an_unpublished_tile_is_reported_and_skipped(publisher):
    poland(publisher)
    output = fetch("--bbox", "21,52,21.5,52.5", "--layers", "hansen_treecover2000")
    assert "not published" in output
    assert not ForestLayerRecord.objects.exists()


def test_rerun_downloads_nothing_again_and_status_lists_what_is_there(publisher):
    poland(publisher)
    fetch("--country", "PL")
    publisher.requests.clear()
    fetch("--country", "PL")
    assert [r for r in publisher.requests if r[0] == "GET"] == []
    assert ForestTile.objects.count() == 8
    out = StringIO()
    call_command("forest_data", "status", stdout=out)
    status = out.getvalue()
    assert f"{JRC_NAME} [forest_cover_2020_class] active, local" in status
    assert status.count("on disk") == 8


def test_fetching_a_second_area_keeps_the_first_areas_tiles(publisher):
    poland(publisher)
    fetch("--bbox", "15,55,16,56", "--layers", "jrc_gfc2020")
    fetch("--bbox", "21,45,22,46", "--layers", "jrc_gfc2020")
    layer = ForestLayerRecord.objects.get(name=JRC_NAME)
    assert sorted(layer.tiles.values_list("tile_id", flat=True)) == ["N50_E20", "N60_E10"]
    evidence = forest_evidence(area=shapely.box(15.1, 55.1, 15.2, 55.2), layers=configured_layers())
    assert evidence.cover.tiles == ("N60_E10",)


def test_remove_deletes_files_and_registrations(publisher, settings):
    poland(publisher)
    fetch("--country", "PL")
    files = list(Path(settings.FOREST_DATA_DIR).rglob("*.tif"))
    assert len(files) == 8
    call_command("forest_data", "remove", "--product", "jrc_gfc2020", stdout=StringIO())
    assert list(ForestLayerRecord.objects.values_list("name", flat=True)) == [HANSEN_NAME]
    assert len(list(Path(settings.FOREST_DATA_DIR).rglob("*.tif"))) == 4
    call_command("forest_data", "remove", "--all", stdout=StringIO())
    assert not ForestLayerRecord.objects.exists() and not ForestTile.objects.exists()
    assert list(Path(settings.FOREST_DATA_DIR).rglob("*.tif")) == []


def test_update_fetches_a_newer_publisher_version(publisher):
    poland(publisher, loss=clearcut_loss)
    fetch("--country", "PL")
    out = StringIO()
    call_command("forest_data", "update", stdout=out)
    assert "up to date" in out.getvalue()
    for tile in (Tile(60, 10), Tile(60, 20), Tile(50, 10), Tile(50, 20)):
        publisher.add(
            Product.HANSEN_LOSSYEAR, tile, tile_tiff(tile, clearcut_loss(tile)), version="GFC-2026-v1.14"
        )
    call_command("forest_data", "update", stdout=StringIO())
    active = list(ForestLayerRecord.objects.filter(active=True).values_list("name", flat=True))
    assert active == [JRC_NAME, "Hansen GFC lossyear GFC-2026-v1.14"]
    loss = forest_evidence(area=shapely.box(21.04, 52.24, 21.06, 52.26), layers=configured_layers()).loss
    assert loss.layer == "Hansen GFC lossyear GFC-2026-v1.14" and loss.version == "GFC-2026-v1.14"


def test_remote_reading_gives_the_same_evidence_as_the_downloaded_files(publisher, keyed_client, settings):
    poland(publisher, loss=clearcut_loss)
    client = keyed_client("standard")
    fetch("--country", "PL", "--remote")
    assert list(Path(settings.FOREST_DATA_DIR).rglob("*.tif")) == []
    assert ForestLayerRecord.objects.filter(remote=True).count() == 2
    assert all(not t.path for t in ForestTile.objects.all())
    whole_gets = [r for r in publisher.requests if r[0] == "GET" and not r[2]]
    assert whole_gets == []  # only range requests: no tile was downloaded
    remote = client.get(SINGLE, {**CLEARCUT, "radiusKm": 3}).json()

    call_command("forest_data", "remove", "--all", stdout=StringIO())
    fetch("--country", "PL")
    local = client.get(SINGLE, {**CLEARCUT, "radiusKm": 3}).json()
    assert remote["factors"] == local["factors"]
    assert factors(remote)["forest_loss_after_cutoff"]["source"] == f"{HANSEN_NAME}, tile 60N_020E"


def test_remote_layers_are_read_only_from_allowed_hosts(publisher, settings, keyed_client):
    poland(publisher, loss=clearcut_loss)
    fetch("--country", "PL", "--remote")
    settings.FOREST_DATA_ALLOWED_HOSTS = ["storage.googleapis.com"]
    body = keyed_client("standard").get(SINGLE, CLEARCUT).json()
    assert body["data_coverage"]["layers_answered"] == []
    assert body["data_coverage"]["layers_missing"] == [JRC_NAME, HANSEN_NAME]
    with pytest.raises(CommandError, match="FOREST_DATA_ALLOWED_HOSTS"):
        fetch("--bbox", "15,55,16,56", "--remote")
    url = publisher.url + path_for(Product.JRC_GFC2020, Tile(60, 20))
    with pytest.raises(CommandError, match="not usable"):
        call_command(
            "register_forest_layer",
            "--name",
            "x",
            "--kind",
            "forest_cover_2020_class",
            "--path",
            url,
            stdout=StringIO(),
        )


def test_a_single_remote_address_can_be_registered_and_read(publisher, keyed_client):
    poland(publisher, loss=clearcut_loss)
    url = publisher.url + path_for(Product.HANSEN_LOSSYEAR, Tile(60, 20))
    call_command(
        "register_forest_layer",
        "--name",
        "remote loss",
        "--kind",
        "loss_year",
        "--path",
        url,
        stdout=StringIO(),
    )
    assert ForestLayerRecord.objects.get(name="remote loss").path == url
    body = keyed_client("standard").get(SINGLE, CLEARCUT).json()
    assert factors(body)["forest_loss_after_cutoff"]["value"] == 1.0
    assert body["data_coverage"]["layers_answered"] == ["remote loss"]


def test_demo_start_up_says_how_to_fetch_layers_and_then_which_answer(publisher):
    out = StringIO()
    call_command("seed_demo", stdout=out)
    assert "forest_data fetch --country PL" in out.getvalue()
    assert "no forest layer configured" in out.getvalue()
    poland(publisher)
    fetch("--country", "PL")
    out = StringIO()
    call_command("seed_demo", stdout=out)
    assert f"Forest layers:  {JRC_NAME}, {HANSEN_NAME}" in out.getvalue()


@pytest.mark.parametrize(
    "args",
    [
        ("--country", "XX"),
        ("--bbox", "21,52,21"),
        ("--bbox", "22,52,21,53"),
        ("--country", "PL", "--layers", "tmf"),
    ],
)
def test_bad_areas_and_layer_names_are_refused_before_any_download(publisher, args):
    poland(publisher)
    with pytest.raises(CommandError):
        fetch(*args)
    assert publisher.requests == []
    assert not ForestLayerRecord.objects.exists()


def test_update_keeps_the_older_version_when_the_newer_lacks_tiles(publisher):
    poland(publisher)
    fetch("--country", "PL", "--layers", "hansen_lossyear")
    tile = Tile(60, 20)
    publisher.add(
        Product.HANSEN_LOSSYEAR, tile, tile_tiff(tile, clearcut_loss(tile)), version="GFC-2026-v1.14"
    )
    out = StringIO()
    call_command("forest_data", "update", stdout=out)
    assert "stays active" in out.getvalue()
    active = list(ForestLayerRecord.objects.filter(active=True).values_list("name", flat=True))
    assert active == [HANSEN_NAME, "Hansen GFC lossyear GFC-2026-v1.14"]
