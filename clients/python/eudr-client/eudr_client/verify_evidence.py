"""Check an evidence record of the EUDR compliance API without trusting the service.

    eudr-verify-evidence RECORD [--keys JWKS] [--layers DIR]

RECORD is a record document (a file, or its address) as `GET .../evidence` returns it.
The command checks, with nothing but the record and the published keys:

1. the record's hash: SHA-256 of its RFC 8785 canonical bytes;
2. its Ed25519 signature, with the key the record names, taken from the JWK set (a file,
   or by default `keys_url` of the record);
3. each plot's input (geometry, parcel, area screened), when the record carries it, against
   the salted hash the signed record holds.

With `--layers DIR` (a folder holding the forest layer files, found by their SHA-256 as
the record names them) it also recomputes, with its own code written from the published
methodology (docs/risk-methodology.md, docs/evidence.md), each plot's forest shares, score,
level and finding, and the statement's status and rule, and says whether they match.

This module is written independently of the service's engine on purpose: a verifier that
ran the service's own code would only repeat its mistakes. It needs `cryptography` and
`rfc8785`; recomputing needs `rasterio`, `shapely` and `exactextract` as well.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "eudr-evidence/1"
SUPPORTED_METHODOLOGY = {"1.1"}
SCORE_TOLERANCE = 1e-6  # shares compared after the record's own rounding (4 decimals)


@dataclass
class Report:
    checks: list[tuple[str, bool, str]] = field(default_factory=list)

    def add(self, name: str, ok: bool, detail: str = "") -> None:
        self.checks.append((name, ok, detail))

    @property
    def ok(self) -> bool:
        return all(ok for _, ok, _ in self.checks)

    def lines(self) -> list[str]:
        return [
            f"{'OK  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}"
            for name, ok, detail in self.checks
        ]


def _b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def canonical(value: Any) -> bytes:
    import rfc8785

    return rfc8785.dumps(value)


def verify_signature(document: dict[str, Any], jwks: dict[str, Any], report: Report | None = None) -> Report:
    """Hash, signature and committed inputs of a record document."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    report = report or Report()
    record = document.get("record")
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        report.add("format", False, f"not an {FORMAT} record")
        return report
    body = canonical(record)
    digest = hashlib.sha256(body).hexdigest()
    report.add("hash", digest == document.get("sha256"), digest)
    signature = document.get("signature") or {}
    kid = record.get("key_id")
    if signature.get("kid") != kid or signature.get("alg") != "EdDSA":
        report.add("signature", False, "the signature names another key or algorithm than the record")
        return report
    key = next((k for k in jwks.get("keys", []) if k.get("kid") == kid), None)
    if key is None or key.get("kty") != "OKP" or key.get("crv") != "Ed25519":
        report.add("signature", False, f"key {kid} is not in the published keys")
        return report
    try:
        Ed25519PublicKey.from_public_bytes(_b64url_decode(key["x"])).verify(
            _b64url_decode(signature.get("value", "")), body
        )
    except (InvalidSignature, ValueError):
        report.add("signature", False, f"does not verify with key {kid}")
    else:
        report.add("signature", True, f"Ed25519, key {kid}")
    _verify_inputs(record, document.get("attachments"), report)
    return report


def _verify_inputs(record: dict[str, Any], attachments: dict[str, Any] | None, report: Report) -> None:
    """The plots' inputs and the caller's references, each with its salt, against the
    hashes the signed record holds; a part this form leaves out is reported as withheld."""
    plots = (record.get("verdict") or {}).get("plots") or []
    for part, member in (("inputs", "inputs_sha256"), ("references", "references_sha256")):
        given = (attachments or {}).get(part)
        if given is None:
            report.add(part, True, f"withheld in this form ({len(plots)} plots committed by hash only)")
            continue
        digest = hashlib.sha256(canonical(given)).hexdigest()
        report.add(
            part, digest == record.get(member), f"{len(given.get('plots') or {})} plots, SHA-256 {digest}"
        )


# --- recomputing ------------------------------------------------------------------------


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while chunk := stream.read(4 * 1024 * 1024):
            digest.update(chunk)
    return digest.hexdigest()


def _layer_files(layers: list[dict[str, Any]], folder: Path) -> dict[str, Path]:
    """Layer name -> the local file whose SHA-256 the record names (single-file layers)."""
    wanted = {}
    for layer in layers:
        files = layer.get("files") or []
        if len(files) == 1 and files[0].get("sha256"):
            wanted[files[0]["sha256"]] = layer["name"]
    found = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        name = wanted.get(_sha256_file(path))
        if name is not None:
            found[name] = path
    return found


def _shares(path: Path, kind: str, area: Any, params: dict[str, Any]) -> dict[str, float] | None:
    """A layer's shares over the area: every cell weighted by the part of it the area
    covers (exactextract's coverage fraction), no-data cells left out."""
    import numpy as np
    import rasterio
    import shapely
    from exactextract import exact_extract

    with rasterio.open(path) as src:
        extent = shapely.box(*src.bounds)
        inside = area.intersection(extent)
        coverage = inside.area / area.area if area.area else 0.0
        if coverage == 0:
            return None
        feature = {"type": "Feature", "properties": {}, "geometry": shapely.geometry.mapping(area)}
        (result,) = exact_extract(src, [feature], ["values", "coverage"], output="geojson")
    values = np.asarray(result["properties"]["values"])
    weights = np.clip(np.asarray(result["properties"]["coverage"], dtype="float64"), 0.0, 1.0)
    valid = weights > 0
    if kind == "forest_cover_2020_class":
        valid &= (values == 0) | (values == 1)
    if not valid.any():
        return None
    v, w = values[valid], weights[valid]
    total = float(w.sum())
    out = {"coverage": round(coverage, 4)}
    if kind == "loss_year":
        out["loss"] = float(w[v >= params["loss_year_after_cutoff"]].sum()) / total
    elif kind == "forest_cover_2020_class":
        out["cover"] = float(w[v == 1].sum()) / total
    else:
        scale = 100.0 if np.issubdtype(v.dtype, np.integer) else 1.0
        out["cover"] = float((np.clip(v.astype("float64") / scale, 0.0, 1.0) * w).sum()) / total
    return out


def _level(score: int, params: dict[str, Any]) -> str:
    for level, upper in params["level_thresholds"]:
        if score < upper:
            return level
    return "critical"


def _score(
    country_class: str | None,
    cover: float | None,
    loss: float | None,
    in_scope: bool | None,
    params: dict[str, Any],
) -> tuple[int, str]:
    """docs/risk-methodology.md: benchmark base + forest cover + forest loss (or the
    missing-evidence points), lifted to `high_from` by any loss above the floor."""
    total = params["benchmark_base"][country_class] if country_class else params["unknown_country_base"]
    if cover is not None:
        total += params["cover_max_points"] * cover
    if loss is not None:
        total += params["loss_max_points"] * min(1.0, loss / params["loss_saturation_share"])
    else:
        total += params["missing_loss_evidence_points"]
    if loss is not None and loss > params["loss_floor_share"] and total < params["high_from"]:
        total = params["high_from"]
    score = min(100, max(0, math.floor(total + 0.5)))
    return score, "low" if in_scope is False else _level(score, params)


def _finding(
    plot: dict[str, Any],
    *,
    level: str,
    loss: float | None,
    country_class: str | None,
    has_loss_evidence: bool,
    rules: dict[str, Any],
) -> str:
    if plot["screening_error"]:
        return "plot_location_unconfirmed"
    if level == "critical":
        return "critical_risk"
    if loss is not None and round(loss, 4) > 0:  # the loss factor as the record states it
        return "forest_loss_after_cutoff"
    if level == "high":
        return "high_risk"
    if country_class in rules.get("needs_forest_evidence", ()) and not has_loss_evidence:
        return "insufficient_evidence"
    return "article_13_low_risk" if country_class == "low" else "forest_evidence_clear"


def _status(findings: list[str], rules: dict[str, Any]) -> tuple[str, str]:
    present = set(findings) or {"geolocation_missing"}
    for code, status in rules["status_by_finding"]:
        if code in present:
            return status, code
    rule = "article_13_low_risk" if present <= set(rules["low_risk_findings"]) else "forest_evidence_clear"
    return rules["otherwise"], rule


@dataclass
class _Context:
    params: dict[str, Any]
    rules: dict[str, Any]
    classes: dict[str, str]
    in_scope: dict[int, bool | None]
    kinds: dict[str, str]
    files: dict[str, Path]
    circle: dict[str, Any]


def _area(given: dict[str, Any], circle: dict[str, Any]) -> Any:
    """The area a plot was screened over: GeoJSON, or a point's circle by its centre and
    radius with the record's circle parameters (docs/evidence.md: `vertices` points, one
    degree of longitude shrinking with cos(latitude), clamped at 0.01)."""
    import numpy as np
    import shapely.geometry

    described = given["screened_area"]
    if described == "circle":  # around the plot's own point, with its own radius
        described = {"circle": {k: given[k] for k in ("lat", "lng", "radius_km")}}
    if "circle" not in described:
        return shapely.geometry.shape(described)
    c = described["circle"]
    dlat = c["radius_km"] / circle["km_per_degree_lat"]
    cos_lat = max(math.cos(math.radians(c["lat"])), 0.01)
    dlng = c["radius_km"] / (circle["km_per_degree_lng_at_equator"] * cos_lat)
    angles = np.linspace(0.0, 2.0 * math.pi, circle["vertices"], endpoint=False)
    return shapely.Polygon(
        zip(c["lng"] + dlng * np.cos(angles), c["lat"] + dlat * np.sin(angles), strict=True)
    )


def _recompute_plot(plot: dict[str, Any], given: dict[str, Any], ctx: _Context) -> tuple[str, list[str]]:
    """The plot's finding from the layer files, and how what we computed differs from the record."""
    risk = plot["risk"]
    used = list(risk["layers_answered"])
    area = _area(given, ctx.circle)
    read = {name: _shares(ctx.files[name], ctx.kinds[name], area, ctx.params) for name in used}
    cover_layer = next((n for n in used if read[n] and "cover" in read[n]), None)
    loss_layer = next((n for n in used if read[n] and "loss" in read[n]), None)
    cover = read[cover_layer]["cover"] if cover_layer else None
    loss = read[loss_layer]["loss"] if loss_layer else None
    country_class = ctx.classes.get(risk["country"]) if risk["country"] else None
    score, level = _score(country_class, cover, loss, ctx.in_scope.get(plot["line"]), ctx.params)
    has_loss_evidence = loss_layer is not None and read[loss_layer]["coverage"] >= ctx.params["full_coverage"]
    finding = _finding(
        plot,
        level=level,
        loss=loss,
        country_class=country_class,
        has_loss_evidence=has_loss_evidence,
        rules=ctx.rules,
    )
    label, differences = plot["label"], []
    factors = {f["name"]: f for f in risk["factors"]}
    for name, value in (("forest_cover_2020", cover), ("forest_loss_after_cutoff", loss)):
        recorded = factors[name]["value"] if name in factors else None
        mine = None if value is None else round(value, 4)
        if (mine is None) != (recorded is None) or (
            mine is not None and abs(mine - recorded) > SCORE_TOLERANCE
        ):
            differences.append(f"plot {label}: {name} {mine} recomputed, {recorded} recorded")
    if (score, level) != (risk["score"], risk["risk_level"]):
        recorded = f"{risk['score']} ({risk['risk_level']})"
        differences.append(f"plot {label}: score {score} ({level}) recomputed, {recorded} recorded")
    # A kept risk result has scores, not findings (`finding` null): nothing more to compare.
    if plot["finding"] is not None and finding != plot["finding"]:
        differences.append(f"plot {label}: finding {finding} recomputed, {plot['finding']} recorded")
    return finding, differences


def recompute(document: dict[str, Any], folder: Path, report: Report | None = None) -> Report:
    """Recompute every plot from the layer files and the record's own inputs and rules."""
    report = report or Report()
    verdict = document["record"]["verdict"]
    methodology = verdict["methodology"]
    if methodology["version"] not in SUPPORTED_METHODOLOGY:
        report.add("recompute", False, f"methodology {methodology['version']} is not known to this verifier")
        return report
    if (document.get("attachments") or {}).get("inputs") is None:
        report.add("recompute", False, "the plots' inputs are withheld in this form: ask the owner for it")
        return report
    ctx = _Context(
        params=methodology["parameters"],
        rules=verdict.get("verdict_rules") or {},
        classes={row["country"]: row["class"] for row in verdict["regulation"]["country_benchmark"]},
        in_scope={line["line"]: line.get("in_scope") for line in verdict["regulation"]["commodity_lines"]},
        kinds={layer["name"]: layer["kind"] for layer in verdict["layers"]},
        files=_layer_files(verdict["layers"], folder),
        circle=methodology.get("circle") or {},
    )
    attachments = document["attachments"]["inputs"]["plots"]
    findings, differences = [], []
    for plot in verdict["plots"]:
        given = attachments[plot["label"]]
        if plot["risk"] is None or given.get("screened_area") is None or not plot["risk"]["layers_answered"]:
            findings.append(plot["finding"])  # nothing read from a layer: nothing to recompute
            continue
        missing = [name for name in plot["risk"]["layers_answered"] if name not in ctx.files]
        if missing:
            report.add("recompute", False, f"plot {plot['label']}: no local file for {', '.join(missing)}")
            return report
        finding, wrong = _recompute_plot(plot, given, ctx)
        findings.append(finding)
        differences += wrong
    if "status" not in verdict:
        pass  # a kept risk result: per-plot scores only
    elif verdict["decided_by"]["kind"] == "automatic_screening":
        status, rule = _status(findings, ctx.rules)
        if (status, rule) != (verdict["status"], verdict["rule"]):
            differences.append(
                f"status {status} ({rule}) recomputed, {verdict['status']} ({verdict['rule']}) recorded"
            )
    else:
        report.add("recompute status", True, f"decided by {verdict['decided_by']['kind']}: plots only")
    report.add(
        "recompute",
        not differences,
        "; ".join(differences) or f"{len(verdict['plots'])} plots and the status match",
    )
    return report


# --- command line -------------------------------------------------------------------------


class InputError(Exception):
    """An input this command cannot use; its message is the one sentence the user reads."""


def _describe(text: str) -> str:
    """What a file that is not the expected JSON looks like, in a few words."""
    start = text.lstrip()[:200].lower()
    if not start:
        return "an empty file"
    if start.startswith(("<!doctype html", "<html")) or "<html" in start:
        return "an HTML page"
    if start.startswith("<"):
        return "an XML or HTML text"
    return "text that is not JSON"


def _read(source: str, expects: str) -> Any:
    """The JSON at a file or address, or an InputError saying what was there instead."""
    try:
        return _read_json(source)
    except InputError as exc:
        raise InputError(f"{exc}; {expects}") from None


def _read_json(source: str) -> Any:
    if source.startswith(("http://", "https://")):
        import httpx

        try:
            response = httpx.get(source, timeout=30.0, follow_redirects=False)
        except httpx.HTTPError as exc:
            raise InputError(f"{source} could not be fetched ({exc.__class__.__name__}: {exc})") from None
        if response.status_code != 200:
            raise InputError(f"{source} answered HTTP {response.status_code}, not 200") from None
        raw = response.content
    else:
        path = Path(source)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise InputError(f"{source}: no such file") from None
        except IsADirectoryError:
            raise InputError(f"{source} is a folder, not a file") from None
        except OSError as exc:
            raise InputError(f"{source} could not be read ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{source} is binary data, not a JSON text") from None
    try:
        return json.loads(text)
    except ValueError:
        raise InputError(f"{source} is {_describe(text)}") from None


def load_document(source: str) -> dict[str, Any]:
    """A record document, or an InputError naming what the file holds instead."""
    expects = "this command expects a record document as GET .../evidence/{id} returns it"
    value = _read(source, expects)
    if (
        isinstance(value, dict)
        and isinstance(value.get("record"), dict)
        and isinstance(value.get("signature"), dict)
    ):
        return value
    if isinstance(value, dict) and value.get("format") == FORMAT:
        got = "the signed record alone (the bytes of .../signed)"
    elif isinstance(value, dict) and isinstance(value.get("keys"), list):
        got = "a JWK set (the public keys)"
    elif isinstance(value, dict):
        got = "a JSON object that is not a record document"
    else:
        got = f"a JSON {type(value).__name__.replace('dict', 'object').replace('list', 'array')}"
    raise InputError(f"{source} holds {got}; {expects}")


def load_keys(source: str) -> dict[str, Any]:
    """A JWK set, or an InputError naming what the file holds instead."""
    expects = "--keys expects a JWK set as /.well-known/jwks.json gives it"
    value = _read(source, expects)
    if isinstance(value, dict) and isinstance(value.get("keys"), list):
        return value
    got = "a record document" if isinstance(value, dict) and "record" in value else "other JSON"
    raise InputError(f"{source} holds {got}; {expects}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="eudr-verify-evidence", description=__doc__.split("\n\n")[0])
    parser.add_argument("record", help="a record document: a file or its address")
    parser.add_argument("--keys", help="the JWK set (file or address); default: the record's keys_url")
    parser.add_argument(
        "--layers", type=Path, help="a folder with the forest layer files, to recompute the verdict"
    )
    args = parser.parse_args(argv)
    try:
        document = load_document(args.record)
        keys_source = args.keys or document.get("keys_url")
        if not isinstance(keys_source, str) or not keys_source:
            raise InputError(f"{args.record} names no keys_url; give the JWK set with --keys")
        jwks = load_keys(keys_source)
        if args.layers is not None and not args.layers.is_dir():
            raise InputError(f"{args.layers}: --layers expects a folder holding the forest layer files")
        report = verify_signature(document, jwks)
        if args.layers is not None and report.ok:
            recompute(document, args.layers, report)
    except InputError as exc:
        print(f"eudr-verify-evidence: {exc}.", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
