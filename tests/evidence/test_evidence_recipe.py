"""docs/evidence.md's recipe with standard tools, run as written against a live server."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.compliance.test_dds_api import GENERATE, JSON, body

DOC = Path(__file__).resolve().parents[2] / "docs" / "evidence.md"
TOOLS = ("curl", "jq", "sha256sum", "openssl", "base64")


def _recipe() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### With standard tools", 1)[1]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


@pytest.mark.skipif(any(shutil.which(tool) is None for tool in TOOLS), reason="a standard tool is missing")
def test_the_documented_recipe_verifies_a_record_and_refuses_a_changed_one(
    live_server, transactional_db, keyed_client, tmp_path
):
    client = keyed_client("standard")
    dds_id = client.post(GENERATE, body(), format="json", **JSON).json()["dds_id"]
    record_id = client.get(f"/api/eudr/v1/dds/{dds_id}/evidence").json()["record"]["record_id"]
    script = re.sub(r"^BASE=.*$", f"BASE={live_server.url}", _recipe(), count=1, flags=re.M)
    script = re.sub(r"^ID=.*$", f"ID={record_id}", script, count=1, flags=re.M)
    run = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "hash: same" in run.stdout and "Signature Verified Successfully" in run.stdout
    # A changed byte of the record: the same openssl line refuses it.
    signed = bytearray((tmp_path / "record.json").read_bytes())
    signed[signed.index(b"COMPLIANT")] = ord("X")
    (tmp_path / "record.json").write_bytes(bytes(signed))
    openssl = script.strip().splitlines()[-1]
    refused = subprocess.run(["bash", "-c", openssl], cwd=tmp_path, capture_output=True, text=True)
    assert refused.returncode != 0 and "Signature Verified Successfully" not in refused.stdout
