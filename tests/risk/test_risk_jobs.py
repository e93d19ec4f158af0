"""Large risk-scoring jobs: recorded, chunked, progress, cancel, results in three formats,
one completion event, tenant isolation, retention and the sweep."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from shapely.geometry import shape

from risk import jobs
from risk.models import RiskJob, RiskJobChunk
from webhooks.models import Event

pytestmark = pytest.mark.django_db
JOBS = "/api/eudr/v1/risk-score/jobs"


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


def _square(i: int) -> dict:
    """A small square plot in Poland, a different one for each i."""
    w, s = 19.0 + (i % 100) * 0.01, 50.0 + (i // 100) * 0.01
    e, n = w + 0.002, s + 0.002
    return {"type": "Polygon", "coordinates": [[[w, s], [e, s], [e, n], [w, n], [w, s]]]}


def _run(client, body, django_capture_on_commit_callbacks, **kwargs):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(JOBS, body, **kwargs)
    return response


def test_ten_thousand_plot_job_completes_with_progress_and_valid_geojson(
    client, settings, django_capture_on_commit_callbacks
):
    settings.RISK_JOB_CHUNK_SIZE = 2500
    features = [
        {"type": "Feature", "properties": {"ProducerName": f"P{i}"}, "geometry": _square(i)}
        if i % 2
        else {
            "type": "Feature",
            "properties": {},
            "geometry": {"type": "Point", "coordinates": [21.0, 52.0 + i * 1e-5]},
        }
        for i in range(10_000)
    ]
    with django_capture_on_commit_callbacks(execute=False) as queued:
        created = client.post(JOBS, {"type": "FeatureCollection", "features": features}, format="json")
    assert created.status_code == 202, created.content[:500]
    job = created.json()
    assert job["status"] == "queued" and job["progress"] == {"done": 0, "total": 10_000}
    assert created["Location"] == f"{JOBS}/{job['id']}"
    # Recorded before any task runs: the job and its four chunks.
    assert RiskJobChunk.objects.filter(job__public_id=job["id"]).count() == 4
    seen = []
    for callback in queued:
        callback()
        seen.append(client.get(f"{JOBS}/{job['id']}").json()["progress"]["done"])
    assert seen == [2_500, 5_000, 7_500, 10_000]  # one on-commit callback sends each chunk's task
    done = client.get(f"{JOBS}/{job['id']}").json()
    assert done["status"] == "done"
    assert sum(done["counts"].values()) == 10_000

    geojson = client.get(f"{JOBS}/{job['id']}/results.geojson")
    assert geojson["Content-Type"] == "application/geo+json"
    data = json.loads(geojson.content)
    assert data["type"] == "FeatureCollection" and len(data["features"]) == 10_000
    for feature in data["features"][:200]:
        assert feature["type"] == "Feature"
        assert shape(feature["geometry"]).is_valid
        assert {"score", "risk_level", "evidence"} <= set(feature["properties"])
    assert data["features"][1]["properties"]["ProducerName"] == "P1"
    assert [f["properties"]["index"] for f in data["features"]] == list(range(10_000))

    rows = list(
        csv.DictReader(
            io.StringIO(client.get(f"{JOBS}/{job['id']}/results.csv?lang=en").content.decode("utf-8-sig"))
        )
    )
    assert len(rows) == 10_000 and rows[0]["risk_level"]
    results = client.get(f"{JOBS}/{job['id']}/results.json").json()["results"]
    assert len(results) == 10_000


def test_progress_is_counted_chunk_by_chunk(client, settings, django_capture_on_commit_callbacks):
    settings.RISK_JOB_CHUNK_SIZE = 2
    body = {"parcels": [{"lat": 52.0, "lng": 21.0 + i * 0.01} for i in range(5)]}
    with django_capture_on_commit_callbacks(execute=False):
        job_id = client.post(JOBS, body, format="json").json()["id"]
    progress = []
    for chunk in RiskJobChunk.objects.filter(job__public_id=job_id).order_by("index"):
        jobs.risk_job_chunk_run(chunk_id=chunk.pk)
        progress.append(client.get(f"{JOBS}/{job_id}").json()["progress"]["done"])
    assert progress == [2, 4, 5]


def test_a_finished_job_emits_one_event_with_counts_and_critical_plots(
    client, settings, tmp_path, django_capture_on_commit_callbacks
):
    from tests.risk.fakes import loss_tile

    settings.FOREST_LAYERS = [
        {"name": "loss", "kind": "loss_year", "path": str(loss_tile(tmp_path / "l.tif", 1.0))}
    ]
    settings.RISK_JOB_CHUNK_SIZE = 2
    body = {
        "parcels": [{"lat": 52.25, "lng": 21.05}, {"lat": 52.26, "lng": 21.05}, {"lat": 50.06, "lng": 19.94}]
    }
    response = _run(client, {**body, "commodity": "wood"}, django_capture_on_commit_callbacks, format="json")
    job = RiskJob.objects.get(public_id=response.json()["id"])
    events = list(Event.objects.filter(type="risk.job_completed"))
    assert len(events) == 1
    data = events[0].data
    assert data["job_id"] == job.public_id and data["total"] == 3
    assert data["by_level"] == job.counts
    assert data["critical_count"] == job.counts["critical"] == len(data["critical"])
    assert not Event.objects.filter(type="risk.critical").exists()


def test_another_accounts_job_is_404(client, keyed_client, django_capture_on_commit_callbacks):
    job_id = _run(
        client, {"parcels": [{"lat": 52.0, "lng": 21.0}]}, django_capture_on_commit_callbacks, format="json"
    ).json()["id"]
    other = keyed_client("standard")
    assert other.get(f"{JOBS}/{job_id}").status_code == 404
    assert other.post(f"{JOBS}/{job_id}/cancel").status_code == 404
    assert other.get(f"{JOBS}/{job_id}/results.json").status_code == 404


def test_jobs_need_the_risk_feature(keyed_client):
    assert keyed_client("free").post(
        JOBS, {"parcels": [{"lat": 52.0, "lng": 21.0}]}, format="json"
    ).status_code in (
        402,
        403,
    )


def test_cancelled_job_scores_no_further_chunk(client, settings, django_capture_on_commit_callbacks):
    settings.RISK_JOB_CHUNK_SIZE = 1
    with django_capture_on_commit_callbacks(execute=False):
        job_id = client.post(JOBS, {"parcels": [{"lat": 52.0, "lng": 21.0}] * 3}, format="json").json()["id"]
    chunks = list(RiskJobChunk.objects.filter(job__public_id=job_id).order_by("index"))
    jobs.risk_job_chunk_run(chunk_id=chunks[0].pk)
    assert client.delete(f"{JOBS}/{job_id}").json()["status"] == "cancelled"
    jobs.risk_job_chunk_run(chunk_id=chunks[1].pk)
    state = client.get(f"{JOBS}/{job_id}").json()
    assert state["status"] == "cancelled" and state["progress"]["done"] == 1
    assert client.get(f"{JOBS}/{job_id}/results.json").status_code == 409
    assert not Event.objects.filter(type="risk.job_completed").exists()


def test_sweep_reruns_a_crashed_chunk(client, settings, django_capture_on_commit_callbacks):
    settings.RISK_JOB_CHUNK_SIZE = 1
    with django_capture_on_commit_callbacks(execute=False):
        job_id = client.post(
            JOBS, {"parcels": [{"lat": 52.0, "lng": 21.0}, {"lat": 52.1, "lng": 21.0}]}, format="json"
        ).json()["id"]
    first, second = RiskJobChunk.objects.filter(job__public_id=job_id).order_by("index")
    jobs.risk_job_chunk_run(chunk_id=first.pk)
    # The second chunk's worker died mid-way: running, started long ago.
    RiskJobChunk.objects.filter(pk=second.pk).update(
        status="running", started_at=timezone.now() - timedelta(hours=1), attempts=1
    )
    assert jobs.risk_jobs_sweep() == 1  # eager: the re-queued chunk runs at once
    assert client.get(f"{JOBS}/{job_id}").json()["status"] == "done"
    assert RiskJobChunk.objects.get(pk=second.pk).attempts == 2


def test_results_are_deleted_after_retention(client, django_capture_on_commit_callbacks):
    job_id = _run(
        client, {"parcels": [{"lat": 52.0, "lng": 21.0}]}, django_capture_on_commit_callbacks, format="json"
    ).json()["id"]
    job = RiskJob.objects.get(public_id=job_id)
    assert job.expires_at is not None
    assert jobs.risk_jobs_maintain() == 0
    RiskJob.objects.filter(pk=job.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert jobs.risk_jobs_maintain() > 0
    assert client.get(f"{JOBS}/{job_id}").status_code == 404


def test_csv_upload_with_lat_lng_and_properties(client, django_capture_on_commit_callbacks):
    text = "lat,lng,ProducerName,Area\n52.0,21.0,=cmd(),1.5\n52.1,21.1,Nowak,2\n"
    upload = SimpleUploadedFile("plots.csv", text.encode(), content_type="text/csv")
    response = _run(
        client, {"file": upload, "commodity": "wood"}, django_capture_on_commit_callbacks, format="multipart"
    )
    assert response.status_code == 202, response.content
    job_id = response.json()["id"]
    rows = list(
        csv.DictReader(
            io.StringIO(client.get(f"{JOBS}/{job_id}/results.csv?lang=en").content.decode("utf-8-sig"))
        )
    )
    assert [json.loads(r["properties"])["ProducerName"] for r in rows] == ["=cmd()", "Nowak"]
    assert json.loads(rows[1]["properties"])["Area"] == 2.0


def test_geojson_upload(client, django_capture_on_commit_callbacks):
    collection = {
        "type": "FeatureCollection",
        "features": [{"type": "Feature", "properties": {}, "geometry": _square(1)}],
    }
    upload = SimpleUploadedFile("plots.geojson", json.dumps(collection).encode())
    response = _run(client, {"file": upload}, django_capture_on_commit_callbacks, format="multipart")
    assert response.status_code == 202, response.content
    assert client.get(response["Location"]).json()["status"] == "done"


def test_more_than_the_limit_is_refused_and_nothing_recorded(client, settings):
    settings.RISK_JOB_MAX_PLOTS = 3
    response = client.post(JOBS, {"parcels": [{"lat": 52.0, "lng": 21.0}] * 4}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "too_many_parcels"
    assert not RiskJob.objects.exists()


def test_refused_geometry_refuses_the_job(client):
    bad = {
        "type": "Feature",
        "properties": {},
        "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 1]]]},
    }
    response = client.post(JOBS, {"type": "FeatureCollection", "features": [bad]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_geometry"
    assert not RiskJob.objects.exists()


def test_duplicates_are_found_across_chunks(client, settings, django_capture_on_commit_callbacks):
    settings.RISK_JOB_CHUNK_SIZE = 1
    feature = {"type": "Feature", "properties": {}, "geometry": _square(3)}
    job_id = _run(
        client,
        {"type": "FeatureCollection", "features": [feature, feature]},
        django_capture_on_commit_callbacks,
        format="json",
    ).json()["id"]
    results = client.get(f"{JOBS}/{job_id}/results.json").json()["results"]
    assert [[d["code"] for d in r["diagnostics"]] for r in results] == [[], ["duplicate_plot"]]


@pytest.mark.parametrize(("commodity", "in_scope"), [("kukurydza", False), ("kakao", True)])
def test_job_results_say_whether_the_commodity_is_in_scope(
    client, django_capture_on_commit_callbacks, commodity, in_scope
):
    body = {"parcels": [{"lat": 52.0, "lng": 21.0}, {"lat": 6.5, "lng": -1.5}], "commodity": commodity}
    response = _run(client, body, django_capture_on_commit_callbacks, format="json")
    assert response.status_code == 202, response.content
    results = client.get(f"{JOBS}/{response.json()['id']}/results.json").json()["results"]
    assert [item["eudr_in_scope"] for item in results] == [in_scope, in_scope]


def test_job_timestamps_carry_milliseconds_like_every_other_timestamp(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job_id = client.post(JOBS, {"parcels": [{"lat": 52.0, "lng": 21.0}]}, format="json").json()["id"]
    job = client.get(f"{JOBS}/{job_id}").json()
    assert job["status"] == "done"
    for name in ("created_at", "finished_at", "expires_at"):
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", job[name]), (name, job[name])
