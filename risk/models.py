"""The risk engine's records: parcels, forest layers, risk jobs. (The legal reference data
lives in the regulation app.)

The older tables were created when those models lived in the compliance app: the models
moved, the data did not, and migration 0007 renamed the tables to this app's.
"""

from __future__ import annotations

import secrets
import string
from pathlib import Path

from django.conf import settings
from django.db import models
from django.utils import timezone

from risk.forest import ForestLayer, LayerKind, LayerTile, is_remote


class RiskLevel(models.TextChoices):
    """The levels the engine answers with (risk.scoring.risk_level_for)."""

    LOW = "low", "low"
    MEDIUM = "medium", "medium"
    HIGH = "high", "high"
    CRITICAL = "critical", "critical"


class ParcelRecord(models.Model):
    """A cadastral parcel fetched from GUGiK ULDK, kept so an outage does not stop us."""

    parcel_id = models.CharField(max_length=64, unique=True)
    teryt = models.CharField(max_length=16)
    voivodeship = models.CharField(max_length=64)
    county = models.CharField(max_length=64)
    commune = models.CharField(max_length=64)
    geometry_wkt = models.TextField(help_text="EPSG:4326, longitude-latitude order")
    fetched_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.parcel_id


class ForestLayerRecord(models.Model):
    """A forest layer registered after validation: a single GeoTIFF or address
    (register_forest_layer), or a publisher's tiled layer fetched by forest_data, whose
    path is a VRT mosaic over its tiles."""

    name = models.CharField(max_length=100, unique=True)
    kind = models.CharField(max_length=32)
    path = models.CharField(max_length=500, help_text="GeoTIFF, VRT or http(s) address")
    active = models.BooleanField(default=True)
    registered_at = models.DateTimeField(auto_now_add=True)
    # Provenance of layers fetched from a publisher (blank for hand-registered files).
    product = models.CharField(max_length=32, blank=True, help_text="e.g. jrc_gfc2020, hansen_lossyear")
    version = models.CharField(max_length=32, blank=True, help_text="publisher's version, e.g. V4")
    remote = models.BooleanField(default=False, help_text="tiles read by range requests, not downloaded")
    licence = models.CharField(max_length=300, blank=True)
    citation = models.TextField(blank=True)
    source_url = models.CharField(max_length=500, blank=True, help_text="publisher's page or folder")

    class Meta:
        ordering = ["registered_at", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.kind})"

    def as_layer(self) -> ForestLayer:
        """The engine's view of the row; tiles prefetched by the caller name the answers."""
        tiles = tuple(
            LayerTile(
                tile.tile_id, (tile.west, tile.south, tile.east, tile.north), "" if tile.path else tile.url
            )
            for tile in self.tiles.all()
        )
        path = self.path if is_remote(self.path) else Path(self.path)
        return ForestLayer(
            name=self.name, path=path, kind=LayerKind(self.kind), version=self.version, tiles=tiles
        )


class ForestTile(models.Model):
    """One publisher tile of a fetched layer, checked before it was registered."""

    layer = models.ForeignKey(ForestLayerRecord, on_delete=models.CASCADE, related_name="tiles")
    tile_id = models.CharField(max_length=16, help_text="publisher's name, e.g. N60_E10 or 60N_010E")
    url = models.CharField(max_length=500, help_text="where it was fetched from")
    path = models.CharField(max_length=500, blank=True, help_text="local file; blank when read remotely")
    west = models.FloatField()
    south = models.FloatField()
    east = models.FloatField()
    north = models.FloatField()
    size_bytes = models.BigIntegerField()
    md5 = models.CharField(max_length=32, blank=True, help_text="checked against the publisher's when given")
    grid = models.JSONField(help_text="width, height, transform, dtype, nodata: enough to rebuild the mosaic")
    fetched_at = models.DateTimeField()

    class Meta:
        ordering = ["layer_id", "-north", "west"]
        constraints = [
            models.UniqueConstraint(fields=["layer", "tile_id"], name="forest_tile_unique_per_layer")
        ]

    def __str__(self) -> str:
        return f"{self.layer.name} {self.tile_id}"


def _risk_job_id() -> str:

    alphabet = string.ascii_lowercase + string.digits
    return "rj_" + "".join(secrets.choice(alphabet) for _ in range(24))


class RiskJobStatus(models.TextChoices):
    QUEUED = "queued", "queued"
    RUNNING = "running", "running"
    DONE = "done", "done"
    CANCELLED = "cancelled", "cancelled"


class RiskJob(models.Model):
    """A large risk-scoring job: up to RISK_JOB_MAX_PLOTS plots scored in chunks by workers.

    The job and all its chunks are written before any task runs, so a lost task is
    only a chunk the sweep re-runs."""

    public_id = models.CharField(max_length=32, unique=True, default=_risk_job_id, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="risk_jobs")
    status = models.CharField(max_length=12, choices=RiskJobStatus.choices, default=RiskJobStatus.QUEUED)
    total = models.PositiveIntegerField()
    done = models.PositiveIntegerField(default=0)
    counts = models.JSONField(default=dict, help_text="plots by risk level, when finished")
    options = models.JSONField(default=dict, help_text="commodity code, radius_km, country as sent")
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True, help_text="results deleted after this")
    # False for a job started with a test (sandbox) key: only test keys see it.
    livemode = models.BooleanField(default=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["expires_at"], name="risk_job_expires")]

    def __str__(self) -> str:
        return self.public_id

    @property
    def is_finished(self) -> bool:
        return self.status in (RiskJobStatus.DONE, RiskJobStatus.CANCELLED)


class RiskJobChunk(models.Model):
    """A slice of a job's plots (GeoJSON Features as validated) and, once scored, their results."""

    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        RUNNING = "running", "running"
        DONE = "done", "done"

    job = models.ForeignKey(RiskJob, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField(help_text="index of the chunk's first plot in the job")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    plots = models.JSONField()
    results = models.JSONField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["job_id", "index"]
        constraints = [models.UniqueConstraint(fields=["job", "index"], name="risk_job_chunk_unique")]
        indexes = [models.Index(fields=["status", "started_at"], name="risk_job_chunk_sweep")]

    def __str__(self) -> str:
        return f"{self.job_id}#{self.index}"
