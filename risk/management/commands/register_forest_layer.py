"""Validate a GeoTIFF and register it as a forest evidence layer."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from risk.forest import LayerKind, is_remote, validate_layer
from risk.models import ForestLayerRecord


class Command(BaseCommand):
    help = "Validate a GeoTIFF (EPSG:4326, sane values) and register it as a forest layer."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--name", required=True, help="Shown as the factor's source, e.g. 'JRC GFC2020 v2'"
        )
        parser.add_argument("--kind", required=True, choices=[k.value for k in LayerKind])
        parser.add_argument(
            "--path", required=True, help="a GeoTIFF or VRT, or an http(s) address read remotely"
        )
        parser.add_argument("--deactivate", action="store_true", help="Keep the row but stop using it")

    def handle(self, *args, name: str, kind: str, path: str, deactivate: bool, **options) -> None:
        # Remote layers (cloud-optimised GeoTIFFs) are read by range requests; only from
        # the configured forest-data hosts, which validate_layer checks.
        path = path if is_remote(path) else str(Path(path).resolve())
        problems = validate_layer(path, kind)
        if problems:
            raise CommandError(f"{path} is not usable as {kind}: " + "; ".join(problems))
        record, created = ForestLayerRecord.objects.update_or_create(
            name=name, defaults={"kind": kind, "path": path, "active": not deactivate}
        )
        verb = "Registered" if created else "Updated"
        self.stdout.write(f"{verb} forest layer {record.name!r} ({kind}) at {path}")
