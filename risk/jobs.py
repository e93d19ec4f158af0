"""Large risk-scoring jobs: recorded whole, scored in chunks by workers, kept for a while.

A job and every chunk (its plots as validated GeoJSON Features) are written in one
transaction before any task is queued; tasks take chunk ids. A chunk whose worker
died is found by the sweep (its `started_at` is old) and queued again; scoring is
deterministic, so a re-run writes the same results. The last chunk to finish closes
the job and, in the same transaction, emits one `risk.job_completed` event.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from eudr_service.lib.background import Lease, enqueue, sweep
from eudr_service.lib.timestamps import iso_millis
from eudr_service.lib.versioning import api_url
from regulation.commodities import commodity_from_code
from risk import geometry, service
from risk.models import RiskJob, RiskJobChunk, RiskJobStatus
from webhooks.services import event_emit

LEVELS = ("low", "medium", "high", "critical")


def risk_job_create(
    *, owner: Any, plots: list[geometry.Plot], options: dict[str, Any], livemode: bool = True
) -> RiskJob:
    """Record the job and its chunks, then (on commit) queue one task per chunk.
    `livemode=False` records a test job (a sandbox key)."""
    duplicates = geometry.plots_mark_duplicates(plots)  # across the whole job, not per chunk
    features = [
        {
            "type": "Feature",
            "geometry": plot.geojson,
            "properties": plot.properties,
            "duplicate_of": duplicates.get(i),
        }
        for i, plot in enumerate(plots)
    ]
    size = settings.RISK_JOB_CHUNK_SIZE
    commodity = options.get("commodity")
    with transaction.atomic():
        job = RiskJob.objects.create(
            owner=owner,
            livemode=livemode,
            total=len(features),
            options={
                "commodity": commodity.code if commodity else None,
                "radius_km": options.get("radiusKm"),
                "country": options.get("country"),
            },
        )
        chunks = RiskJobChunk.objects.bulk_create(
            RiskJobChunk(job=job, index=i, start=start, plots=features[start : start + size])
            for i, start in enumerate(range(0, len(features), size))
        )
        del chunks  # bulk_create sets no primary keys on every database: read them back
        ids = list(job.chunks.order_by("index").values_list("pk", flat=True))
        for pk in ids:
            enqueue(CHUNK_TASK, pk)
    return job


CHUNK_TASK = "risk.job_chunk"


def _chunk_lease() -> Lease:
    # A chunk running longer than this had its worker die (or lose its message).
    return Lease(started="started_at", seconds=settings.RISK_JOB_CHUNK_STALE_SECONDS)


def risk_job_chunk_run(*, chunk_id: int) -> None:
    """Score one chunk; a chunk already done, or of a cancelled or finished job, is skipped."""
    with transaction.atomic():
        chunk = (
            RiskJobChunk.objects.select_for_update()
            .select_related("job")
            .defer("results")  # a re-run scores again; earlier results are not read
            .filter(pk=chunk_id)
            .first()
        )
        if chunk is None or chunk.status == RiskJobChunk.Status.DONE or chunk.job.is_finished:
            return
        chunk.status, chunk.started_at, chunk.attempts = (
            RiskJobChunk.Status.RUNNING,
            timezone.now(),
            chunk.attempts + 1,
        )
        chunk.save(update_fields=["status", "started_at", "attempts"])
        RiskJob.objects.filter(pk=chunk.job_id, status=RiskJobStatus.QUEUED).update(
            status=RiskJobStatus.RUNNING
        )
    job = chunk.job
    results = _score(chunk.plots, start=chunk.start, options=job.options)
    with transaction.atomic():
        locked = RiskJob.objects.select_for_update().get(pk=job.pk)
        # Only the status is read back: the chunk's plots (and any results) stay unparsed.
        rows = RiskJobChunk.objects.select_for_update().filter(pk=chunk_id)
        if locked.is_finished or rows.values_list("status", flat=True).get() == RiskJobChunk.Status.DONE:
            return  # cancelled meanwhile, or a second run of the same chunk finished first
        rows.update(status=RiskJobChunk.Status.DONE, results=results)
        RiskJob.objects.filter(pk=job.pk).update(done=F("done") + len(results))
        if not locked.chunks.exclude(status=RiskJobChunk.Status.DONE).exists():
            _finish(locked)


def _score(features: list[dict[str, Any]], *, start: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    plots = []
    for feature in features:
        plot = geometry.plot_from_geojson(feature["geometry"], properties=feature.get("properties") or {})
        if feature.get("duplicate_of") is not None:
            geometry.duplicate_mark(plot, feature["duplicate_of"])
        plots.append(plot)
    commodity = commodity_from_code(options["commodity"]) if options.get("commodity") else None
    batch = service.risk_score_plots(
        plots=plots,
        commodity=commodity,
        radius_km=options.get("radius_km"),
        declared_country=options.get("country"),
        mark_duplicates=False,
    )
    for item in batch["results"]:
        item["index"] += start
    return batch["results"]


def _finish(job: RiskJob) -> None:
    """Close the job and emit its one event (inside the caller's transaction)."""
    counts = dict.fromkeys(LEVELS, 0)
    critical: list[dict[str, Any]] = []
    for results in job.chunks.order_by("index").values_list("results", flat=True):
        for item in results or []:
            counts[item["risk_level"]] += 1
            if item["risk_level"] == "critical":
                critical.append(
                    {
                        "index": item["index"],
                        "location": item["location"],
                        "score": item["score"],
                        "properties": item["plot"]["properties"],
                    }
                )
    now = timezone.now()
    job.status, job.counts, job.finished_at = RiskJobStatus.DONE, counts, now
    job.expires_at = now + timedelta(hours=settings.RISK_JOB_RETENTION_HOURS)
    job.done = job.total
    job.save(update_fields=["status", "counts", "finished_at", "expires_at", "done"])
    limit = settings.RISK_JOB_EVENT_CRITICAL_MAX
    event_emit(
        owner=job.owner,
        livemode=job.livemode,
        event_type="risk.job_completed",
        data={
            "job_id": job.public_id,
            "total": job.total,
            "by_level": counts,
            "critical": critical[:limit],
            "critical_count": len(critical),
            "critical_truncated": len(critical) > limit,
            "livemode": job.livemode,
        },
    )


def risk_job_cancel(*, job: RiskJob) -> RiskJob:
    """Stop a job: chunks not yet scored are skipped; results kept until expiry."""
    with transaction.atomic():
        locked = RiskJob.objects.select_for_update().get(pk=job.pk)
        if not locked.is_finished:
            now = timezone.now()
            locked.status, locked.finished_at = RiskJobStatus.CANCELLED, now
            locked.expires_at = now + timedelta(hours=settings.RISK_JOB_RETENTION_HOURS)
            locked.save(update_fields=["status", "finished_at", "expires_at"])
    return locked


def risk_jobs_sweep() -> int:
    """Queue again the chunks whose task was lost: pending or running for too long."""
    lease = _chunk_lease()
    chunks = RiskJobChunk.objects.filter(
        job__status__in=[RiskJobStatus.QUEUED, RiskJobStatus.RUNNING]
    ).exclude(status=RiskJobChunk.Status.DONE)
    never_started = chunks.filter(
        started_at__isnull=True, job__created_at__lt=timezone.now() - timedelta(seconds=lease.seconds)
    )
    # Every stale chunk: a sweep that left some for its next run would let a big job wait.
    return sweep(CHUNK_TASK, chunks.filter(lease.expired()), never_started, batch=10_000)


def risk_jobs_maintain() -> int:
    """Delete jobs (and their results) past their retention."""
    deleted, _ = RiskJob.objects.filter(expires_at__lt=timezone.now()).delete()
    return deleted


def risk_job_dict(job: RiskJob) -> dict[str, Any]:
    base = f"/api/eudr/v1/risk-score/jobs/{job.public_id}"
    data: dict[str, Any] = {
        "id": job.public_id,
        "status": job.status,
        "progress": {"done": job.done, "total": job.total},
        "counts": job.counts or None,
        "options": job.options,
        "created_at": iso_millis(job.created_at),
        "finished_at": iso_millis(job.finished_at),
        "expires_at": iso_millis(job.expires_at),
        "livemode": job.livemode,
    }
    if job.status == RiskJobStatus.DONE:
        data["results"] = {fmt: api_url(f"{base}/results.{fmt}") for fmt in ("json", "geojson", "csv")}
    return data


def risk_job_results(job: RiskJob) -> list[dict[str, Any]]:
    return [
        item
        for results in job.chunks.order_by("index").values_list("results", flat=True)
        for item in results or []
    ]


def risk_job_geojson(job: RiskJob) -> dict[str, Any]:
    """RFC 7946 FeatureCollection: each plot's geometry as sent, with its risk as properties."""
    features = []
    for chunk in job.chunks.order_by("index"):
        for feature, item in zip(chunk.plots, chunk.results or [], strict=False):
            properties = {
                **(feature.get("properties") or {}),
                "index": item["index"],
                "score": item["score"],
                "risk_level": item["risk_level"],
                "country": item["country"],
                "evidence": item["evidence"],
                "evidence_missing": item["evidence_missing"],
                "diagnostics": [d["code"] for d in item["diagnostics"]],
                "methodology_version": item["methodology_version"],
            }
            features.append({"type": "Feature", "geometry": feature["geometry"], "properties": properties})
    return {"type": "FeatureCollection", "features": features}


CSV_COLUMNS = (
    "index",
    "lat",
    "lng",
    "geometry_type",
    "score",
    "risk_level",
    "country",
    "evidence",
    "evidence_missing",
    "forest_cover_2020",
    "forest_loss_after_cutoff",
    "diagnostics",
    "properties",
)


def risk_job_rows(job: RiskJob) -> Iterator[tuple[Any, ...]]:
    """A finished job's results as export rows, in CSV_COLUMNS' order."""
    for item in risk_job_results(job):
        factors = {f["name"]: f["value"] for f in item["factors"]}
        yield (
            item["index"],
            item["location"]["lat"],
            item["location"]["lng"],
            item["plot"]["geometry_type"],
            item["score"],
            item["risk_level"],
            item["country"] or "",
            item["evidence"],
            " ".join(item["evidence_missing"]),
            factors.get("forest_cover_2020", ""),
            factors.get("forest_loss_after_cutoff", ""),
            " ".join(d["code"] for d in item["diagnostics"]),
            json.dumps(item["plot"]["properties"], ensure_ascii=False),
        )
