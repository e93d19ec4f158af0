"""Official forest layers kept by the service: fetch, status, update, remove.

The publishers' tiles are downloaded (or, with `remote`, only checked and then read by
range requests), checked, and registered as one layer per product and version whose
path is a VRT mosaic over its tiles. Re-running is safe: tiles already on disk with the
publisher's size are not downloaded again, and tiles of other areas are kept.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

import shapely
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from eudr_service.lib import upstreams
from risk import countries
from risk.forest import host_allowed, remote_path
from risk.forest_download import (
    DownloadFailed,
    Progress,
    TileInfo,
    TileMissing,
    check_tile,
    download,
    head,
    write_vrt,
)
from risk.forest_sources import (
    PRODUCTS,
    Product,
    Tile,
    file_name,
    layer_name,
    next_versions,
    tile_from_id,
    tile_url,
    tiles_for_bbox,
    value_range,
)
from risk.models import ForestLayerRecord, ForestTile

Say = Callable[[str], None]
ProgressFor = Callable[[str, int | None], AbstractContextManager[Progress | None]]


@dataclass
class ProductResult:
    product: Product
    version: str
    layer: str | None = None  # registered layer name; None if no tile was accepted
    downloaded: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # already on disk, unchanged
    linked: list[str] = field(default_factory=list)  # checked remotely, read by range requests
    missing: list[str] = field(default_factory=list)  # not published (sea, outside coverage)
    refused: dict[str, str] = field(default_factory=dict)  # tile -> why


def area_bounds(*, country: str | None = None, bbox: str | None = None) -> tuple[float, float, float, float]:
    """(west, south, east, north) of a country (shipped boundaries) or of a bbox string."""
    if country:
        index = countries.get_index()
        shapes = [g for g, code in zip(index.geometries, index.codes, strict=True) if code == country.upper()]
        if not shapes:
            raise ValueError(f"unknown country code {country!r} (ISO 3166-1 alpha-2 expected)")
        return tuple(shapely.union_all(shapes).bounds)
    if bbox:
        try:
            west, south, east, north = (float(v) for v in bbox.split(","))
        except ValueError as exc:
            raise ValueError("bbox must be minlng,minlat,maxlng,maxlat") from exc
        tiles_for_bbox(west, south, east, north)  # validates
        return west, south, east, north
    raise ValueError("give a country code or a bbox")


def base_url(product: Product) -> str:
    return settings.FOREST_JRC_GFC2020_URL if product is Product.JRC_GFC2020 else settings.FOREST_HANSEN_URL


def default_version(product: Product) -> str:
    return (
        settings.FOREST_JRC_GFC2020_VERSION
        if product is Product.JRC_GFC2020
        else settings.FOREST_HANSEN_VERSION
    )


def forest_data_fetch(
    *,
    bounds: tuple[float, float, float, float],
    products: list[Product],
    remote: bool = False,
    versions: dict[Product, str] | None = None,
    say: Say = lambda _: None,
    progress_for: ProgressFor | None = None,
) -> list[ProductResult]:
    """Fetch, check and register each product's tiles over the area (in the given order,
    which is the layers' priority order)."""
    tiles = tiles_for_bbox(*bounds)
    return [
        _fetch_product(
            product,
            (versions or {}).get(product) or default_version(product),
            tiles,
            remote=remote,
            say=say,
            progress_for=progress_for or (lambda _name, _size: nullcontext(None)),
        )
        for product in products
    ]


def _fetch_product(
    product: Product,
    version: str,
    tiles: list[Tile],
    *,
    remote: bool,
    say: Say,
    progress_for: ProgressFor,
) -> ProductResult:
    result = ProductResult(product, version)
    name = layer_name(product, version)
    folder = Path(settings.FOREST_DATA_DIR) / product.value / version
    say(f"{name}: {len(tiles)} tile(s)")
    accepted = []
    for tile in tiles:
        row = _fetch_tile(
            product,
            version,
            tile,
            folder,
            remote=remote,
            result=result,
            say=say,
            progress_for=progress_for,
        )
        if row is not None:
            accepted.append(row)
    if accepted:
        result.layer = _register(product, version, name, folder, accepted)
        say(f"{name}: registered ({len(accepted)} tile(s) from this area)")
    else:
        say(f"{name}: nothing registered")
    return result


def _fetch_tile(
    product: Product,
    version: str,
    tile: Tile,
    folder: Path,
    *,
    remote: bool,
    result: ProductResult,
    say: Say,
    progress_for: ProgressFor,
) -> dict | None:
    """One tile: downloaded (or checked remotely), checked; the row to register or None."""
    timeout = settings.FOREST_HTTP_TIMEOUT_SECONDS
    tile_id = tile.id_for(product)
    url = tile_url(product, version, tile, base_url=base_url(product))
    if not host_allowed(url):
        result.refused[tile_id] = "host not in FOREST_DATA_ALLOWED_HOSTS"
        return None
    breaker = upstreams.breaker(upstreams.FOREST)
    try:
        breaker.check()
        published = head(url, timeout=timeout)
    except upstreams.CircuitOpen as exc:
        result.refused[tile_id] = f"not asked: {exc}"
        say(f"  {tile_id}: not asked, the publisher kept failing (retry in {exc.retry_after} s)")
        return None
    except TileMissing:
        breaker.success()
        result.missing.append(tile_id)
        say(f"  {tile_id}: not published (open sea or outside the product's coverage)")
        return None
    except DownloadFailed as exc:
        breaker.failure()
        result.refused[tile_id] = f"unreachable: {exc}"
        say(f"  {tile_id}: unreachable: {exc}")
        return None
    breaker.success()
    dest = folder / file_name(product, version, tile)
    row = {
        "tile": tile,
        "tile_id": tile_id,
        "url": url,
        "size": published.size,
        "md5": published.md5 or "",
    }
    if remote:
        info, problems = check_tile(remote_path(url), tile=tile, value_range=value_range(product, version))
        source, path, bucket = remote_path(url), "", result.linked
    elif dest.exists() and published.size == dest.stat().st_size:
        info, problems = check_tile(str(dest), tile=tile, value_range=value_range(product, version))
        source, path, bucket = str(dest), str(dest), result.kept
    else:
        part = dest.with_name(dest.name + ".part")
        try:
            with progress_for(f"{tile_id} {dest.name}", published.size) as progress:
                download(published, part, timeout=timeout, progress=progress)
        except (TileMissing, DownloadFailed) as exc:
            result.refused[tile_id] = str(exc)
            say(f"  {tile_id}: download failed: {exc}")
            return None
        info, problems = check_tile(str(part), tile=tile, value_range=value_range(product, version))
        if problems:
            part.unlink(missing_ok=True)
        else:
            os.replace(part, dest)
        source, path, bucket = str(dest), str(dest), result.downloaded
    if problems or info is None:
        result.refused[tile_id] = "; ".join(problems)
        say(f"  {tile_id}: refused: {'; '.join(problems)}")
        return None
    bucket.append(tile_id)
    say(f"  {tile_id}: {'checked remotely' if remote else 'ok'}")
    return {**row, "source": source, "path": path, "info": info}


def _register(product: Product, version: str, name: str, folder: Path, accepted: list[dict]) -> str:
    info = PRODUCTS[product]
    with transaction.atomic():
        record, _ = ForestLayerRecord.objects.update_or_create(
            name=name,
            defaults={
                "kind": info.kind.value,
                "product": product.value,
                "version": version,
                "licence": info.licence,
                "citation": info.citation.format(version=version),
                "source_url": info.publisher_page.format(version=version),
                "active": True,
            },
        )
        now = timezone.now()
        for row in accepted:
            west, south, east, north = row["tile"].bounds
            grid = row["info"].__dict__ | {"transform": list(row["info"].transform)}
            ForestTile.objects.update_or_create(
                layer=record,
                tile_id=row["tile_id"],
                defaults={
                    "url": row["url"],
                    "path": row["path"],
                    "west": west,
                    "south": south,
                    "east": east,
                    "north": north,
                    "size_bytes": row["size"] or 0,
                    "md5": row["md5"],
                    "grid": grid,
                    "fetched_at": now,
                },
            )
        # The mosaic covers every tile of this layer, also those fetched for other areas.
        tiles = list(record.tiles.all())
        vrt = folder / f"{product.value}_{version}.vrt"
        write_vrt(
            vrt,
            [
                (_tile_source(t), TileInfo(**{**t.grid, "transform": tuple(t.grid["transform"])}))
                for t in tiles
            ],
        )
        record.path = str(vrt)
        record.remote = any(not t.path for t in tiles)
        record.save(update_fields=["path", "remote"])
    return record.name


def _tile_source(tile: ForestTile) -> str:
    return tile.path or remote_path(tile.url)


@dataclass(frozen=True)
class TileStatus:
    tile_id: str
    remote: bool
    on_disk: bool  # local tiles: the file exists with the registered size


@dataclass(frozen=True)
class LayerStatus:
    name: str
    kind: str
    version: str
    active: bool
    remote: bool
    path: str
    path_exists: bool
    tiles: tuple[TileStatus, ...]
    licence: str


def forest_data_status() -> list[LayerStatus]:
    """Every registered layer (fetched or hand-registered) and whether its files are there."""
    statuses = []
    for record in ForestLayerRecord.objects.prefetch_related("tiles"):
        tiles = tuple(
            TileStatus(
                tile.tile_id,
                remote=not tile.path,
                on_disk=bool(tile.path)
                and Path(tile.path).is_file()
                and Path(tile.path).stat().st_size == tile.size_bytes,
            )
            for tile in record.tiles.all()
        )
        statuses.append(
            LayerStatus(
                name=record.name,
                kind=record.kind,
                version=record.version,
                active=record.active,
                remote=record.remote,
                path=record.path,
                path_exists=record.path.startswith(("http://", "https://")) or Path(record.path).exists(),
                tiles=tiles,
                licence=record.licence,
            )
        )
    return statuses


def partial_downloads() -> list[Path]:
    """Interrupted downloads (`.part` files) a re-run will resume."""
    root = Path(settings.FOREST_DATA_DIR)
    return sorted(root.rglob("*.part")) if root.exists() else []


def forest_data_update(
    *, say: Say = lambda _: None, progress_for: ProgressFor | None = None
) -> list[ProductResult]:
    """For each active fetched layer, look for a newer publisher version (HEAD on its first
    tile under the successor names) and fetch the same tiles in it; the older version is
    then deactivated (its files stay until `remove`)."""
    results = []
    for record in ForestLayerRecord.objects.filter(active=True).exclude(product="").prefetch_related("tiles"):
        product = Product(record.product)
        tiles = [tile_from_id(product, t.tile_id) for t in record.tiles.all()]
        if not tiles:
            continue
        newest = None
        for candidate in next_versions(product, record.version):
            if _version_published(product, candidate, tiles):
                newest = candidate
        if newest is None:
            say(f"{record.name}: up to date")
            continue
        say(f"{record.name}: newer version {newest} found")
        result = _fetch_product(
            product,
            newest,
            tiles,
            remote=record.remote,
            say=say,
            progress_for=progress_for or (lambda _name, _size: nullcontext(None)),
        )
        if result.layer and not result.refused and not result.missing:
            ForestLayerRecord.objects.filter(pk=record.pk).update(active=False)
            say(f"{record.name}: deactivated in favour of {result.layer}")
        else:
            # The newer version would cover less than the older: both stay active and the
            # older, registered first, keeps answering until the newer has every tile.
            say(f"{record.name}: stays active; {newest} lacks some of its tiles")
        results.append(result)
    return results


def _version_published(product: Product, version: str, tiles: list[Tile]) -> bool:
    """Whether the publisher serves any of these tiles under a version name (HEAD only)."""
    for tile in tiles:
        try:
            head(
                tile_url(product, version, tile, base_url=base_url(product)),
                timeout=settings.FOREST_HTTP_TIMEOUT_SECONDS,
            )
        except (TileMissing, DownloadFailed):
            continue
        return True
    return False


def forest_data_remove(
    *, name: str | None = None, product: Product | None = None, version: str | None = None
) -> list[str]:
    """Delete fetched layers (rows and their files under FOREST_DATA_DIR); returns names.

    Hand-registered layers are never touched: their files are not ours to delete."""
    records = ForestLayerRecord.objects.exclude(product="")
    if name:
        records = records.filter(name=name)
    if product:
        records = records.filter(product=product.value)
    if version:
        records = records.filter(version=version)
    removed = []
    root = Path(settings.FOREST_DATA_DIR).resolve()
    for record in records.prefetch_related("tiles"):
        paths = [Path(t.path) for t in record.tiles.all() if t.path] + [Path(record.path)]
        for path in paths:
            for candidate in (path, path.with_name(path.name + ".part")):
                if candidate.resolve().is_relative_to(root):
                    candidate.unlink(missing_ok=True)
        removed.append(record.name)
        record.delete()
    return removed


def forest_data_hint() -> list[str]:
    """What the demo start-up says about forest evidence: which layers answer, or how to
    get them and what answers look like meanwhile."""
    names = list(ForestLayerRecord.objects.filter(active=True).values_list("name", flat=True))
    names += [row["name"] for row in settings.FOREST_LAYERS]
    if names:
        return [f"Forest layers:  {', '.join(names)} (manage.py forest_data status)"]
    return [
        "Forest layers:  none yet, so risk scores rest on the country benchmark and the commodity",
        '                only: data_coverage says "no forest layer configured" and the factor',
        "                forest_loss_unknown adds 5 points. Fetch the official layers for Poland",
        "                (JRC GFC2020 and Hansen GFC lossyear, see docs/forest-data.md) with",
        "                  .venv/bin/python manage.py forest_data fetch --country PL",
        "                or add --remote to check them and read them by range requests instead.",
    ]
