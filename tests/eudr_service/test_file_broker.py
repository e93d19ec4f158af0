"""`make run`'s broker (eudr_service/lib/file_broker.py): a reader never sees a message file
half-written, and a file it cannot read does not stop the worker."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from queue import Empty

import pytest
from kombu import Connection

from eudr_service.lib import file_broker

ROOT = Path(__file__).resolve().parents[2]
QUEUE = "celery"


@pytest.fixture
def channel(tmp_path):
    folder = tmp_path / "queue"
    folder.mkdir()
    connection = Connection(
        "filesystem://",
        transport="eudr_service.lib.file_broker:Transport",
        transport_options={
            "data_folder_in": str(folder),
            "data_folder_out": str(folder),
            "control_folder": str(tmp_path),
            "store_processed": False,
        },
    )
    channel = connection.channel()
    channel.folder = folder
    yield channel
    connection.release()


def test_a_reader_during_the_write_sees_no_message_and_after_it_the_whole_one(channel, monkeypatch):
    seen_during = []
    encode = file_broker.str_to_bytes

    def encode_while_a_reader_looks(text):
        # The file is open for writing now: what does the worker's reader get?
        try:
            seen_during.append(channel._get(QUEUE))
        except Empty:
            seen_during.append("nothing")
        return encode(text)

    monkeypatch.setattr(file_broker, "str_to_bytes", encode_while_a_reader_looks)
    channel._put(QUEUE, {"body": "x" * 100_000})
    assert seen_during == ["nothing"]
    assert channel._get(QUEUE) == {"body": "x" * 100_000}
    assert os.listdir(channel.folder) == []


def test_an_unreadable_file_is_passed_over_and_the_next_message_read(channel, caplog):
    (channel.folder / f"1_00000000-0000-0000-0000-000000000000.{QUEUE}.msg").write_bytes(b"")
    channel._put(QUEUE, {"task": "next"})
    assert channel._get(QUEUE) == {"task": "next"}
    assert "could not be read" in caplog.text
    with pytest.raises(Empty):
        channel._get(QUEUE)


def test_make_runs_broker_url_takes_this_transport(tmp_path):
    check = (
        "import django; django.setup(); from eudr_service.celery import app; "
        "print(type(app.connection_for_write().transport).__module__)"
    )
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")},
        "CELERY_BROKER_URL": f"filesystem://localhost{tmp_path}/broker",
        "VAR_DIR": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "eudr_service.settings",
    }
    done = subprocess.run(
        [sys.executable, "-c", check], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "eudr_service.lib.file_broker"
