"""Signed evidence records (issue 29, docs/evidence.md), checked with the client's own
verifier (clients/evidence/verify_evidence.py), written from the documented format and
methodology, not from the service's code."""

from __future__ import annotations

import copy
import json
import shutil

import numpy as np
import pytest
from rest_framework.test import APIClient

from clients.evidence import verify_evidence as verifier
from compliance.models import DueDiligenceStatement
from evidence.keys import key_rotate
from evidence.models import EvidenceRecord
from regulation.benchmark import benchmark_cache_clear
from regulation.models import CountryBenchmark
from tests.compliance.test_dds_api import GENERATE, JSON, SQUARE, body
from tests.risk.fakes import TILE_SIZE, write_tile
from webhooks.models import Event

pytestmark = pytest.mark.django_db

# Plots in the tile near Warsaw (tests/risk/fakes.py): a drawn polygon, a point with an area,
# a wider polygon across the forest pattern.
WIDE = [[21.02, 52.22], [21.035, 52.22], [21.035, 52.232], [21.02, 52.232], [21.02, 52.22]]
PLOTS = [
    {"geometry": {"type": "Polygon", "coordinates": [SQUARE]}, "reference": "Kowalski, pole 7"},
    {"lat": 52.27, "lng": 21.07, "area_ha": 4},
    {"geometry": {"type": "Polygon", "coordinates": [WIDE]}},
]


@pytest.fixture
def layers(settings, tmp_path):
    """A patchy forest (seeded) and a loss layer with losses before the cut-off only, in their
    own folder: the files a verifier would download from the publishers."""
    folder = tmp_path / "layers"
    folder.mkdir()
    rng = np.random.default_rng(29)
    cover = (rng.random((TILE_SIZE, TILE_SIZE)) < 0.6).astype("uint8")
    loss = np.where(rng.random((TILE_SIZE, TILE_SIZE)) < 0.05, 15, 0).astype("uint8")
    settings.FOREST_LAYERS = [
        {"name": "cover", "kind": "forest_cover_2020_class", "path": write_tile(folder / "cover.tif", cover)},
        {"name": "loss", "kind": "loss_year", "path": write_tile(folder / "loss.tif", loss)},
    ]
    return folder


@pytest.fixture
def client(keyed_client):
    benchmark_cache_clear()
    yield keyed_client("standard")
    benchmark_cache_clear()


def _file(client, **changes) -> dict:
    data = body(**changes)
    data["commodities"][0]["plots"] = copy.deepcopy(PLOTS)
    response = client.post(GENERATE, data, format="json", **JSON)
    assert response.status_code == 201, response.content
    return response.json()


def _evidence(client, dds_id: str) -> dict:
    response = client.get(f"/api/eudr/v1/dds/{dds_id}/evidence")
    assert response.status_code == 200, response.content
    return response.json()


def _jwks() -> dict:
    response = APIClient().get("/.well-known/jwks.json")
    assert response.status_code == 200
    return response.json()


def test_a_verdict_writes_a_record_that_verifies(client, layers):
    statement = _file(client)
    document = _evidence(client, statement["dds_id"])
    report = verifier.verify_signature(document, _jwks())
    assert report.ok, report.lines()
    record = document["record"]
    assert record["subject"] == {
        "kind": "due_diligence_statement",
        "id": statement["dds_id"],
        "livemode": True,
    }
    verdict = record["verdict"]
    assert verdict["status"] == statement["status"] == "COMPLIANT"
    assert verdict["rule"] == "article_13_low_risk"
    assert [p["label"] for p in verdict["plots"]] == ["1.1", "1.2", "1.3"]
    # Every layer is named with the checksum of the file read.
    files = {layer["name"]: layer["files"][0] for layer in verdict["layers"]}
    assert set(files) == {"cover", "loss"}
    for name in ("cover", "loss"):
        assert files[name]["sha256"] == verifier._sha256_file(layers / f"{name}.tif")
    assert verdict["regulation"]["country_benchmark"][0]["country"] == "PL"
    assert "2025/1093" in verdict["regulation"]["country_benchmark"][0]["act"]
    assert verdict["regulation"]["commodity_lines"][0]["annex_i"]["act"]
    assert verdict["methodology"]["parameters"]["high_from"] == 55
    # The filer's own plot identifiers: kept with the plot and among the record's inputs.
    assert statement["commodities"][0]["plots"][0]["reference"] == "Kowalski, pole 7"
    assert statement["commodities"][0]["plots"][1]["reference"] == ""
    assert document["attachments"]["references"]["plots"] == {"1.1": "Kowalski, pole 7"}
    # The statement's record, its webhook and its PDF name the same record.
    assert statement["evidence"]["record"]["sha256"] == document["sha256"]
    assert statement["evidence"]["record"]["url"].endswith(f"/api/eudr/v1/evidence/{record['record_id']}")


def test_a_changed_byte_fails(client, layers):
    document = _evidence(client, _file(client)["dds_id"])
    jwks = _jwks()
    changed = copy.deepcopy(document)
    changed["record"]["verdict"]["status"] = "AT_RISK"
    report = verifier.verify_signature(changed, jwks)
    assert not report.ok
    assert dict((n, ok) for n, ok, _ in report.checks)["signature"] is False
    # Re-hashing the changed record does not help: the signature is over the bytes.
    changed["sha256"] = verifier.hashlib.sha256(verifier.canonical(changed["record"])).hexdigest()
    assert not verifier.verify_signature(changed, jwks).ok
    # A changed input is caught by its salted hash, the signature standing.
    moved = copy.deepcopy(document)
    moved["attachments"]["inputs"]["plots"]["1.1"]["geometry"]["coordinates"][0][0][0] += 0.001
    report = verifier.verify_signature(moved, jwks)
    checks = dict((n, ok) for n, ok, _ in report.checks)
    assert checks == {"hash": True, "signature": True, "inputs": False, "references": True}
    renamed = copy.deepcopy(document)
    renamed["attachments"]["references"]["plots"]["1.1"] = "Nowak, pole 1"
    assert (
        dict((n, ok) for n, ok, _ in verifier.verify_signature(renamed, jwks).checks)["references"] is False
    )
    # The signed bytes themselves: one flipped byte fails the signature.
    signed = bytearray(client.get(f"/api/eudr/v1/evidence/{document['record']['record_id']}/signed").content)
    assert bytes(signed) == verifier.canonical(document["record"])
    signed[40] ^= 0x01
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    key = next(k for k in jwks["keys"] if k["kid"] == document["signature"]["kid"])
    public = Ed25519PublicKey.from_public_bytes(verifier._b64url_decode(key["x"]))
    with pytest.raises(InvalidSignature):
        public.verify(verifier._b64url_decode(document["signature"]["value"]), bytes(signed))


def test_a_rotated_key_still_verifies_old_records(client, layers):
    old = _evidence(client, _file(client)["dds_id"])
    key_rotate()
    new = _evidence(client, _file(client, internal_reference="PO-2")["dds_id"])
    assert new["signature"]["kid"] != old["signature"]["kid"]
    jwks = _jwks()
    assert [k["kid"] for k in jwks["keys"]] == [new["signature"]["kid"], old["signature"]["kid"]]
    assert "retired_at" in jwks["keys"][1] and "retired_at" not in jwks["keys"][0]
    assert verifier.verify_signature(old, jwks).ok
    assert verifier.verify_signature(new, jwks).ok
    # Without the old key published, the old record no longer verifies: the check is real.
    assert not verifier.verify_signature(old, {"keys": jwks["keys"][:1]}).ok


def test_recomputing_from_the_same_layer_files_gives_the_same_verdict(client, layers):
    CountryBenchmark.objects.filter(country_code="PL").update(risk_class="standard")
    benchmark_cache_clear()
    statement = _file(client)
    assert statement["status"] == "COMPLIANT" and statement["evidence"]["rule"] == "forest_evidence_clear"
    document = _evidence(client, statement["dds_id"])
    covers = [
        next(f["value"] for f in p["risk"]["factors"] if f["name"] == "forest_cover_2020")
        for p in document["record"]["verdict"]["plots"]
    ]
    assert all(0.2 < c < 0.9 for c in covers), covers  # a patchy forest: real shares, not 0 or 1
    report = verifier.recompute(document, layers)
    assert report.ok, report.lines()
    # A record whose numbers were not what the layers give is caught (signature aside).
    wrong = copy.deepcopy(document)
    wrong["record"]["verdict"]["plots"][2]["risk"]["score"] += 1
    wrong["record"]["verdict"]["plots"][2]["risk"]["factors"][2]["value"] = 0.9
    report = verifier.recompute(wrong, layers)
    assert not report.ok
    assert "plot 1.3" in report.lines()[-1]
    # Other layer files (changed data) are not the ones the record names.
    other = layers.parent / "other"
    other.mkdir()
    shutil.copy(layers / "cover.tif", other / "cover.tif")
    assert not verifier.recompute(document, other).ok


def test_recomputing_a_loss_after_the_cutoff(client, settings, tmp_path):
    folder = tmp_path / "l"
    folder.mkdir()
    loss = np.zeros((TILE_SIZE, TILE_SIZE), dtype="uint8")
    loss[190:215, 190:215] = 23  # around 52.25, 21.05: the drawn square lies in it
    cover = np.ones((TILE_SIZE, TILE_SIZE), dtype="uint8")
    settings.FOREST_LAYERS = [
        {"name": "cover", "kind": "forest_cover_2020_class", "path": write_tile(folder / "c.tif", cover)},
        {"name": "loss", "kind": "loss_year", "path": write_tile(folder / "l.tif", loss)},
    ]
    statement = _file(client)
    assert statement["status"] == "AT_RISK"  # the drawn square lost whole
    document = _evidence(client, statement["dds_id"])
    assert document["record"]["verdict"]["rule"] == "critical_risk"
    assert verifier.recompute(document, folder).ok


def test_confidential_geolocation_never_appears_in_the_public_form(client, layers):
    statement = _file(client, geolocation_confidential=True)
    full = _evidence(client, statement["dds_id"])
    record_id = full["record"]["record_id"]
    public = APIClient().get(f"/api/v1/evidence/{record_id}")
    assert public.status_code == 200
    document = public.json()
    assert document["form"] == "public" and document["attachments"] is None
    assert document["attachments_withheld"] == "geolocation_confidential"
    text = public.content.decode()
    for needle in ("52.25", "21.05", "52.27", "21.07", "21.02", "coordinates", "screened_area", "salt"):
        assert needle not in text, needle
    # Still verifiable: the plots are committed by hash only.
    report = verifier.verify_signature(document, _jwks())
    assert report.ok and all("withheld" in line for line in report.lines()[-2:])
    assert not verifier.recompute(document, layers).ok
    # The owner's form has the inputs; a statement that is not confidential shows them publicly.
    assert full["attachments"]["inputs"]["plots"]["1.1"]["geometry"]["coordinates"][0][0] == [21.05, 52.25]
    assert "Kowalski" not in text  # the filer's own references are never public
    open_statement = _file(client, internal_reference="PO-open")
    open_id = _evidence(client, open_statement["dds_id"])["record"]["record_id"]
    shown = APIClient().get(f"/api/v1/evidence/{open_id}").json()
    assert set(shown["attachments"]) == {"inputs"}  # never the references
    assert verifier.verify_signature(shown, _jwks()).ok


def test_records_are_their_owners_and_test_records_are_never_public(client, keyed_client, make_key, layers):
    statement = _file(client)
    record_id = _evidence(client, statement["dds_id"])["record"]["record_id"]
    stranger = keyed_client("standard")
    assert stranger.get(f"/api/eudr/v1/evidence/{record_id}").status_code == 404
    assert stranger.get(f"/api/eudr/v1/dds/{statement['dds_id']}/evidence").status_code == 404
    _, test_key = make_key("standard", livemode=False)
    sandbox = APIClient()
    sandbox.credentials(HTTP_AUTHORIZATION=f"Bearer {test_key}")
    filed = _file(sandbox)
    test_document = _evidence(sandbox, filed["dds_id"])
    assert test_document["record"]["subject"]["livemode"] is False
    test_id = test_document["record"]["record_id"]
    assert APIClient().get(f"/api/v1/evidence/{test_id}").status_code == 404
    assert APIClient().get(f"/api/v1/evidence/{test_id}/signed").status_code == 404
    assert sandbox.get(f"/api/eudr/v1/evidence/{test_id}").status_code == 200
    assert verifier.verify_signature(test_document, _jwks()).ok


def test_a_later_verdict_is_a_new_record_naming_the_one_it_replaces(client, layers):
    from compliance.services import dds_transition

    statement = _file(client)
    first = _evidence(client, statement["dds_id"])
    dds = DueDiligenceStatement.objects.get(dds_id=statement["dds_id"])
    dds_transition(statement=dds, to_status="UNDER_REVIEW", reason="concern", rule="staff_decision")
    second = _evidence(client, statement["dds_id"])
    assert second["record"]["replaces"] == {
        "record_id": first["record"]["record_id"],
        "sha256": first["sha256"],
    }
    assert second["record"]["verdict"]["status"] == "UNDER_REVIEW"
    # The first record is unchanged and still served.
    again = client.get(f"/api/eudr/v1/evidence/{first['record']['record_id']}").json()
    assert again["sha256"] == first["sha256"] and again["record"] == first["record"]
    record = EvidenceRecord.objects.get(record_id=first["record"]["record_id"])
    with pytest.raises(ValueError, match="never changed"):
        record.save()
    # The webhook of each verdict carries the record's address and hash.
    events = Event.objects.filter(type="dds.status_changed", data__dds_id=statement["dds_id"]).order_by("id")
    carried = [e.data["evidence"] for e in events]
    assert carried[-1]["sha256"] == second["sha256"]
    assert carried[-1]["public_url"].endswith(f"/api/v1/evidence/{second['record']['record_id']}")
    assert first["sha256"] in [c["sha256"] for c in carried if c]


def test_the_command_line(client, layers, tmp_path, capsys):
    document = _evidence(client, _file(client)["dds_id"])
    (tmp_path / "record.json").write_text(json.dumps(document))
    (tmp_path / "keys.json").write_text(json.dumps(_jwks()))
    args = [str(tmp_path / "record.json"), "--keys", str(tmp_path / "keys.json"), "--layers", str(layers)]
    assert verifier.main(args) == 0
    out = capsys.readouterr().out
    assert "OK   signature" in out and "OK   recompute" in out
    document["record"]["verdict"]["risk_level"] = "critical"
    (tmp_path / "record.json").write_text(json.dumps(document))
    assert verifier.main(args) == 1
    assert "FAIL signature" in capsys.readouterr().out


def test_the_pdf_prints_the_records_hash_and_address(client, layers):
    import io
    import re

    from pypdf import PdfReader

    statement = _file(client)
    document = _evidence(client, statement["dds_id"])
    pdf = client.get(f"/api/eudr/v1/dds/{statement['dds_id']}/pdf")
    assert pdf.status_code == 200
    reader = PdfReader(io.BytesIO(pdf.content))
    text = "".join(page.extract_text() for page in reader.pages)
    packed = re.sub(r"\s+", "", text)
    assert document["sha256"] in packed
    assert f"/api/v1/evidence/{document['record']['record_id']}" in packed


def test_a_kept_batch_result_is_a_signed_record_with_the_callers_identifiers(client, layers):
    points = [{"lat": 52.21 + i * 0.002, "lng": 21.01 + i * 0.003, "id": f"pole-{i}"} for i in range(20)]
    points[3].pop("id")
    answer = client.post(
        "/api/eudr/v1/risk-score/batch",
        {"parcels": points, "radiusKm": 0.3, "commodity": "soja", "keepEvidence": True},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    batch = answer.json()
    assert answer["Server-Timing"].startswith("evidence;dur=")  # what make bench reads
    assert [r.get("id") for r in batch["results"][:5]] == ["pole-0", "pole-1", "pole-2", None, "pole-4"]
    reference = batch["evidence_record"]
    assert reference["public_url"] is None  # a risk result is its owner's alone
    document = client.get(reference["url"].replace("http://127.0.0.1:8000", "")).json()
    assert document["sha256"] == reference["sha256"]
    verdict = document["record"]["verdict"]
    assert verdict["document_type"] == "risk_result"
    references = document["attachments"]["references"]["plots"]
    assert [references.get(str(n)) for n in range(1, 5)] == ["pole-0", "pole-1", "pole-2", None]
    assert [p["risk"]["score"] for p in verdict["plots"]] == [r["score"] for r in batch["results"]]
    assert verifier.verify_signature(document, _jwks()).ok
    report = verifier.recompute(document, layers)
    assert report.ok, report.lines()
    assert APIClient().get(f"/api/v1/evidence/{reference['record_id']}").status_code == 404
    # Not asked: nothing kept.
    before = EvidenceRecord.objects.count()
    plain = client.post("/api/eudr/v1/risk-score/batch", {"parcels": points[:2]}, format="json").json()
    assert "evidence_record" not in plain and EvidenceRecord.objects.count() == before


def test_a_kept_location_result(client, layers):
    answer = client.get(
        "/api/eudr/v1/risk-score", {"lat": 52.25, "lng": 21.05, "radiusKm": 0.5, "keepEvidence": "true"}
    )
    assert answer.status_code == 200, answer.content
    reference = answer.json()["evidence_record"]
    document = client.get(f"/api/eudr/v1/evidence/{reference['record_id']}").json()
    assert verifier.verify_signature(document, _jwks()).ok
    assert verifier.recompute(document, layers).ok


def test_our_canonical_bytes_are_rfc_8785s():
    """evidence.records.canonical writes with the json module and rfc8785's numbers; the
    library (the referee) writes every value alike, floats of every magnitude included."""
    import random

    import rfc8785

    from evidence.records import canonical

    values = [0.0, -0.0, 1.0, -1.5, 1e-7, 1e-6, 1.5e-5, 1e-4, 1e16, 1e21, 1.2345e22, 123456789.123]
    values += [5e-324, 1.7976931348623157e308, 0.1 + 0.2, 2**53 - 1, -(2**53) + 1, True, False, None]
    values += ['a\u2028b\x1f"\\é\x7f\U0001f332', "", [], {}, {"b": 1, "a": [{"z": 0.5, "y": "x"}]}]
    document = {"values": values, "é-key": "ü", "nested": {"k": values}}
    assert canonical(document) == rfc8785.dumps(document)
    rng = random.Random(8785)
    for _ in range(20_000):
        number = rng.uniform(-1, 1) * 10 ** rng.randint(-30, 30)
        assert canonical([number, {"n": number}]) == rfc8785.dumps([number, {"n": number}]), number
    # What the fast path does not take, the library writes or refuses.
    with pytest.raises(rfc8785.IntegerDomainError):
        canonical({"big": 2**60})
    for tricky in ("a\x00b", "ends like a mark \\u0000>", "\\u0000<1.5\\u0000>", "\x00<1.5\x00>", "\x00>"):
        assert canonical({"s": tricky, "n": [1.5]}) == rfc8785.dumps({"s": tricky, "n": [1.5]})
        assert canonical({tricky: [tricky], "n": 2.0}) == rfc8785.dumps({tricky: [tricky], "n": 2.0})


def test_the_private_key_is_encrypted_at_rest(client, layers):
    from django.db import connection

    from evidence.models import SigningKey

    _evidence(client, _file(client)["dds_id"])
    key = SigningKey.objects.get(signing=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT private_key FROM evidence_signingkey WHERE id = %s", [key.pk])
        (stored,) = cursor.fetchone()
    assert key.private_key and key.private_key not in stored and stored.startswith("gAAAA")


def test_a_kept_result_keeps_the_engines_own_evidence_word(client, layers):
    plain = client.get("/api/eudr/v1/risk-score", {"lat": 52.25, "lng": 21.05}).json()
    kept = client.get("/api/eudr/v1/risk-score", {"lat": 52.25, "lng": 21.05, "keepEvidence": "true"}).json()
    assert kept["evidence"] == plain["evidence"] in ("complete", "partial", "missing")
    assert set(kept) - set(plain) == {"evidence_record"}


def test_a_declarations_record_its_endpoint_and_its_pdf(client, django_capture_on_commit_callbacks):
    import re

    from tests.compliance.test_sd_document import by_address, file_declaration, pdf_text

    declaration = file_declaration(client, django_capture_on_commit_callbacks, by_address())
    sd_id = declaration["dds_id"]
    response = client.get(f"/api/eudr/v1/simplified-declarations/{sd_id}/evidence")
    assert response.status_code == 200, response.content
    document = response.json()
    assert document["record"]["subject"] == {"kind": "simplified_declaration", "id": sd_id, "livemode": True}
    assert document["record"]["verdict"]["rule"] == "article_13_low_risk"
    assert document["record"]["verdict"]["plots"][0]["finding"] == "postal_address_low_risk"
    assert document["attachments"]["inputs"]["plots"]["1.1"]["address"]["city"] == "Mińsk Mazowiecki"
    assert verifier.verify_signature(document, _jwks()).ok
    pdf = client.get(f"/api/eudr/v1/simplified-declarations/{sd_id}/pdf")
    packed = re.sub(r"\s+", "", pdf_text(pdf.content))
    assert document["sha256"] in packed


def test_the_panel_names_the_statements_record(client, layers, make_user):
    from django.test import Client

    from accounts.models import User

    statement = _file(client)
    document = _evidence(client, statement["dds_id"])
    owner = User.objects.get(statements__dds_id=statement["dds_id"])
    panel = Client()
    panel.force_login(owner)
    page = panel.get(f"/panel/statements/{statement['dds_id']}/").content.decode()
    assert document["sha256"] in page and document["record"]["record_id"] in page
    # The owner's address answers a signed-in panel user too (session authentication).
    own = panel.get(f"/api/eudr/v1/evidence/{document['record']['record_id']}")
    assert own.status_code == 200 and own.json()["sha256"] == document["sha256"]
