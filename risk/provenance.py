"""What an evidence record names about the data a verdict read: each forest layer with its
version, publisher, licence and the checksum of every file behind it, and the exact area
each plot was screened over (docs/evidence.md).

A file's SHA-256 is computed once per process and file state (path, size, modification
time): the global layers are gigabytes, and a verdict must not re-read them to name them.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import Any

import shapely
import shapely.geometry

from risk import service
from risk.forest import CIRCLE_VERTICES, KM_PER_DEGREE_LAT, KM_PER_DEGREE_LNG_AT_EQUATOR, is_remote
from risk.models import ForestLayerRecord, ParcelRecord

_CHUNK = 4 * 1024 * 1024
_digests: dict[tuple[str, int, int], str] = {}
_digests_lock = threading.Lock()


def file_sha256(path: Path) -> str | None:
    """The file's SHA-256 (hex), or None if it cannot be read."""
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    with _digests_lock:
        if key in _digests:
            return _digests[key]
    digest = hashlib.sha256()
    try:
        with path.open("rb") as stream:
            while chunk := stream.read(_CHUNK):
                digest.update(chunk)
    except OSError:
        return None
    with _digests_lock:
        _digests[key] = digest.hexdigest()
    return _digests[key]


def _file_entry(name: str, path: Path | str, md5: str = "") -> dict[str, Any]:
    if is_remote(path):
        # Read by range requests: we never hold the whole file, so only its address is named.
        return {"name": name, "url": str(path), "sha256": None, "md5": md5 or None, "bytes": None}
    local = Path(path)
    return {
        "name": name,
        "file": local.name,
        "sha256": file_sha256(local),
        "md5": md5 or None,
        "bytes": local.stat().st_size if local.exists() else None,
    }


def layers_provenance(names: set[str]) -> list[dict[str, Any]]:
    """The configured layers among `names` (those a verdict's plots were read from), in
    configuration order."""
    out = []
    registered = {
        r.name: r for r in ForestLayerRecord.objects.filter(name__in=names).prefetch_related("tiles")
    }
    for layer in service.configured_layers():
        if layer.name not in names:
            continue
        record = registered.get(layer.name)
        if record is not None and record.tiles.all():
            files = [_file_entry(t.tile_id, t.path or t.url, t.md5) for t in record.tiles.all()]
        else:
            files = [_file_entry(Path(str(layer.path)).name, layer.path)]
        out.append(
            {
                "name": layer.name,
                "kind": str(layer.kind),
                "version": layer.version or None,
                "product": record.product or None if record else None,
                "source_url": record.source_url or None if record else None,
                "licence": record.licence or None if record else None,
                "files": files,
            }
        )
    return out


# How a point's circle is drawn (risk.forest.circle), stated once in a record's methodology;
# each circle is then given by its centre and radius only (docs/evidence.md has the formula).
CIRCLE_PARAMETERS = {
    "vertices": CIRCLE_VERTICES,
    "km_per_degree_lat": KM_PER_DEGREE_LAT,
    "km_per_degree_lng_at_equator": KM_PER_DEGREE_LNG_AT_EQUATOR,
}


def area_point(*, lat: float, lng: float, radius_km: float) -> dict[str, Any]:
    """The circle a point plot is screened over, by its centre and radius: its 64 vertices
    written out were most of a record's size and of the time to serialise it."""
    return {"circle": {"lat": lat, "lng": lng, "radius_km": radius_km}}


def area_geometry(*, geometry: shapely.Geometry, point_radius_km: float) -> dict[str, Any]:
    return shapely.geometry.mapping(
        service.area_for_geometry(geometry=geometry, point_radius_km=point_radius_km)
    )


def area_parcel(*, parcel_id: str) -> dict[str, Any] | None:
    """The parcel's geometry as held when it was screened (our cache of ULDK's answer)."""
    record = ParcelRecord.objects.filter(parcel_id=parcel_id).first()
    if record is None:
        return None
    return shapely.geometry.mapping(shapely.from_wkt(record.geometry_wkt))
