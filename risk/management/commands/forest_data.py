"""Fetch, list, update and remove the official forest layers (docs/forest-data.md)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.management.base import BaseCommand, CommandError
from rich.progress import BarColumn, DownloadColumn, Progress, TransferSpeedColumn

from risk.forest_data import (
    area_bounds,
    forest_data_fetch,
    forest_data_remove,
    forest_data_status,
    forest_data_update,
    partial_downloads,
)
from risk.forest_download import tile_count_bytes
from risk.forest_sources import DEFAULT_PRODUCTS, Product


class Command(BaseCommand):
    help = "Official forest layers (JRC GFC2020, Hansen GFC): fetch, status, update, remove."

    def add_arguments(self, parser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        fetch = sub.add_parser("fetch", help="download, check and register the tiles covering an area")
        area = fetch.add_mutually_exclusive_group(required=True)
        area.add_argument("--country", help="ISO 3166-1 alpha-2 code, e.g. PL")
        area.add_argument("--bbox", help="minlng,minlat,maxlng,maxlat")
        fetch.add_argument(
            "--layers",
            default=",".join(p.value for p in DEFAULT_PRODUCTS),
            help=f"comma-separated, in priority order; any of {', '.join(p.value for p in Product)}",
        )
        fetch.add_argument(
            "--remote",
            action="store_true",
            help="do not download: check the tiles and read them by range requests",
        )
        sub.add_parser("status", help="registered layers and whether their files are there")
        sub.add_parser("update", help="fetch newer publisher versions of the registered layers")
        remove = sub.add_parser("remove", help="delete fetched layers: files and registrations")
        remove.add_argument("--layer", help="layer name as shown by status")
        remove.add_argument("--product", choices=[p.value for p in Product])
        remove.add_argument("--layer-version", help="publisher version, e.g. V4")
        remove.add_argument("--all", dest="remove_all", action="store_true", help="every fetched layer")

    def handle(self, *args, action: str, **options) -> None:
        getattr(self, f"_{action}")(**options)

    def _fetch(self, *, country: str | None, bbox: str | None, layers: str, remote: bool, **_) -> None:
        try:
            bounds = area_bounds(country=country, bbox=bbox)
            products = [Product(value.strip()) for value in layers.split(",") if value.strip()]
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Area {', '.join(f'{v:.4f}' for v in bounds)} (west, south, east, north)")
        results = forest_data_fetch(
            bounds=bounds,
            products=products,
            remote=remote,
            say=self.stdout.write,
            progress_for=self._progress,
        )
        refused = {f"{r.product.value} {tile}": why for r in results for tile, why in r.refused.items()}
        if refused:
            raise CommandError(
                "some tiles were refused: " + "; ".join(f"{k}: {v}" for k, v in refused.items())
            )

    def _status(self, **_) -> None:
        statuses = forest_data_status()
        if not statuses:
            self.stdout.write(
                "No forest layer registered. Fetch some with: manage.py forest_data fetch --country PL"
            )
        for layer in statuses:
            state = "active" if layer.active else "inactive"
            where = "remote" if layer.remote else "local"
            self.stdout.write(f"{layer.name} [{layer.kind}] {state}, {where}, path {layer.path}")
            if not layer.path_exists:
                self.stdout.write("  MISSING: the layer's file is not there")
            for tile in layer.tiles:
                state = "remote" if tile.remote else ("on disk" if tile.on_disk else "MISSING on disk")
                self.stdout.write(f"  {tile.tile_id}: {state}")
            if layer.licence:
                self.stdout.write(f"  licence: {layer.licence}")
        for part in partial_downloads():
            self.stdout.write(f"Interrupted download (resumed by the next fetch): {part}")

    def _update(self, **_) -> None:
        results = forest_data_update(say=self.stdout.write, progress_for=self._progress)
        if any(r.refused for r in results):
            raise CommandError("some tiles of a newer version were refused; the older version stays active")

    def _remove(
        self, *, layer: str | None, product: str | None, layer_version: str | None, remove_all: bool, **_
    ) -> None:
        if not (layer or product or remove_all):
            raise CommandError("say what to remove: --layer NAME, --product P [--version V] or --all")
        removed = forest_data_remove(
            name=layer, product=Product(product) if product else None, version=layer_version
        )
        for name in removed:
            self.stdout.write(f"Removed {name}")
        if not removed:
            self.stdout.write("Nothing to remove")

    @contextmanager
    def _progress(self, label: str, size: int | None) -> Iterator:
        """A progress bar on a terminal; one line at the start and end otherwise (logs)."""
        if not self.stdout.isatty():
            self.stdout.write(f"  downloading {label} ({tile_count_bytes(size)})")
            yield None
            return
        columns = ("{task.description}", BarColumn(), DownloadColumn(), TransferSpeedColumn())
        with Progress(*columns, transient=True) as bar:
            task = bar.add_task(label, total=size)
            yield lambda done, total: bar.update(task, completed=done, total=total)
