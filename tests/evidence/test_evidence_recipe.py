"""docs/evidence.md's two recipes (the client's command, then standard tools), run as
written, one after the other in one folder, against a live server; and the command's
answer to every input it cannot use."""

from __future__ import annotations

import json
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from clients.evidence import verify_evidence as verifier
from tests.compliance.test_dds_api import GENERATE, JSON, body

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "evidence.md"
PACKAGED = ROOT / "clients" / "python" / "eudr-client" / "eudr_client" / "verify_evidence.py"
TOOLS = ("curl", "jq", "sha256sum", "openssl", "base64")


def _block(heading: str) -> str:
    section = DOC.read_text(encoding="utf-8").split(heading, 1)[1]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


def _as_run(script: str, base: str, record_id: str) -> str:
    script = re.sub(r"^BASE=.*$", f"BASE={base}", script, count=1, flags=re.M)
    return re.sub(r"^ID=.*$", f"ID={record_id}", script, count=1, flags=re.M)


def _installed_command(folder: Path) -> Path:
    """`eudr-verify-evidence` as `pip install` puts it on the PATH: the packaged module's main."""
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    command = bin_dir / "eudr-verify-evidence"
    entry = (
        f"import sys; sys.path.insert(0, {str(PACKAGED.parents[1])!r}); "
        "from eudr_client.verify_evidence import main; sys.exit(main())"
    )
    command.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c "{entry}" "$@"\n')
    command.chmod(command.stat().st_mode | stat.S_IEXEC)
    return bin_dir


@pytest.mark.skipif(any(shutil.which(tool) is None for tool in TOOLS), reason="a standard tool is missing")
def test_both_documented_recipes_run_in_one_folder_and_refuse_a_changed_record(
    live_server, transactional_db, keyed_client, settings, tmp_path
):
    settings.PUBLIC_BASE_URL = live_server.url  # the record's keys_url, as a deployment names it
    client = keyed_client("standard")
    dds_id = client.post(GENERATE, body(), format="json", **JSON).json()["dds_id"]
    record_id = client.get(f"/api/eudr/v1/dds/{dds_id}/evidence").json()["record"]["record_id"]
    folder = tmp_path / "work"
    (folder / "layers").mkdir(parents=True)
    env = {"PATH": f"{_installed_command(tmp_path)}:/usr/bin:/bin"}

    # The client's recipe (its `pip install` line aside), then the standard tools', same folder.
    client_recipe = "\n".join(
        line for line in _block("### With the Python client").splitlines() if not line.startswith("pip ")
    )
    tools_recipe = _block("### With standard tools")
    for script in (client_recipe, tools_recipe, client_recipe):
        run = subprocess.run(
            ["bash", "-e", "-c", _as_run(script, live_server.url, record_id)],
            cwd=folder,
            capture_output=True,
            text=True,
            env=env,
        )
        assert run.returncode == 0, run.stdout + run.stderr
    assert "hash: same" not in run.stdout and "OK   signature" in run.stdout
    assert "Traceback" not in run.stderr

    tools = subprocess.run(
        ["bash", "-e", "-c", _as_run(tools_recipe, live_server.url, record_id)],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
    )
    assert "hash: same" in tools.stdout and "Signature Verified Successfully" in tools.stdout
    # A changed byte of the signed record: the same openssl line refuses it.
    signed_file = re.search(r"-in (\S+)", tools_recipe.strip().splitlines()[-1]).group(1)
    signed = bytearray((folder / signed_file).read_bytes())
    signed[signed.index(b"COMPLIANT")] = ord("X")
    (folder / signed_file).write_bytes(bytes(signed))
    openssl = tools_recipe.strip().splitlines()[-1]
    refused = subprocess.run(["bash", "-c", openssl], cwd=folder, capture_output=True, text=True)
    assert refused.returncode != 0 and "Signature Verified Successfully" not in refused.stdout
    # Given the signed bytes instead of the document, the command says so in one sentence.
    wrong = subprocess.run(
        ["eudr-verify-evidence", signed_file], cwd=folder, capture_output=True, text=True, env=env
    )
    assert wrong.returncode == 2 and "Traceback" not in wrong.stderr
    assert "the signed record alone" in wrong.stderr and "expects a record document" in wrong.stderr


RECORD = {"format": verifier.FORMAT, "record_id": "ev_x", "key_id": "k"}
WRONG_INPUTS = {
    "signed bytes": (json.dumps(RECORD), "holds the signed record alone"),
    "a JWK set": (json.dumps({"keys": [{"kty": "OKP", "kid": "k"}]}), "holds a JWK set"),
    "an HTML page": ("<!DOCTYPE html>\n<html><body>Not found</body></html>", "is an HTML page"),
    "an empty file": ("", "is an empty file"),
    "not JSON": ("ev_123 COMPLIANT\n", "is text that is not JSON"),
    "a JSON array": ("[1, 2]", "holds a JSON array"),
    "another object": (json.dumps({"dds_id": "DDS-PL-2026-X"}), "holds a JSON object that is not a record"),
    "binary": (b"\x89PNG\r\n\x1a\n\xff\xfe", "is binary data"),
}


@pytest.mark.parametrize("given", WRONG_INPUTS, ids=list(WRONG_INPUTS))
def test_every_input_it_cannot_use_gets_one_sentence_and_a_non_zero_exit(given, tmp_path, capsys):
    content, said = WRONG_INPUTS[given]
    path = tmp_path / "input.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert verifier.main([str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and said in lines[0] and "expects a record document" in lines[0]


def test_a_missing_file_a_folder_and_wrong_keys_or_layers_are_named(tmp_path, capsys):
    document = tmp_path / "evidence.json"
    document.write_text(json.dumps({"record": RECORD, "signature": {}, "sha256": "0"}))
    keys_as_document = tmp_path / "keys.json"
    keys_as_document.write_text(document.read_text())
    good_keys = tmp_path / "jwks.json"
    good_keys.write_text(json.dumps({"keys": []}))
    cases = [
        ([str(tmp_path / "nowhere.json")], "no such file"),
        ([str(tmp_path)], "is a folder, not a file"),
        ([str(document)], "names no keys_url; give the JWK set with --keys"),
        (
            [str(document), "--keys", str(keys_as_document)],
            "holds a record document; --keys expects a JWK set",
        ),
        (
            [str(document), "--keys", str(good_keys), "--layers", str(tmp_path / "none")],
            "--layers expects a folder",
        ),
    ]
    for args, said in cases:
        assert verifier.main(args) == 2
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and said in lines[0], (args, lines)


def test_the_packaged_command_is_the_same_code():
    assert PACKAGED.read_text() == (ROOT / "clients" / "evidence" / "verify_evidence.py").read_text()
