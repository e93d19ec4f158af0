"""The quota script's own Redis connection survives what Redis does to it, and a
forked child never shares it (services suite: a real Redis)."""

from __future__ import annotations

import os
import uuid

import pytest
import redis

from eudr_service.lib.redis_scripts import LuaScript

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (services suite)"),
]

INCR = "return redis.call('INCR', KEYS[1])"


@pytest.fixture
def pool():
    pool = redis.ConnectionPool.from_url(os.environ["REDIS_URL"])
    yield pool
    pool.disconnect()


@pytest.fixture
def key(pool):
    name = f"test:lua:{uuid.uuid4().hex}"
    yield name
    redis.Redis(connection_pool=pool).delete(name)


def _own_client_id(script: LuaScript) -> int:
    connection = script._connection()
    connection.send_command("CLIENT", "ID")
    return connection.read_response()


def test_counts_on_one_connection_per_thread(pool, key):
    script = LuaScript(INCR, pool)
    assert [script(keys=[key], args=[]) for _ in range(3)] == [1, 2, 3]
    first = _own_client_id(script)
    script(keys=[key], args=[])
    assert _own_client_id(script) == first


def test_runs_again_after_redis_forgets_its_scripts(pool, key):
    script = LuaScript(INCR, pool)
    assert script(keys=[key], args=[]) == 1
    redis.Redis(connection_pool=pool).script_flush()
    assert script(keys=[key], args=[]) == 2  # NOSCRIPT answered with EVAL, counted once


def test_reconnects_when_redis_closed_the_connection(pool, key):
    script = LuaScript(INCR, pool)
    assert script(keys=[key], args=[]) == 1
    redis.Redis(connection_pool=pool).client_kill_filter(_id=_own_client_id(script))
    assert script(keys=[key], args=[]) == 2
    assert redis.Redis(connection_pool=pool).get(key) == b"2"


def test_a_forked_child_opens_its_own_connection(pool, key):
    script = LuaScript(INCR, pool)
    parent = _own_client_id(script)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - reported through the pipe
        try:
            os.write(write, f"{script(keys=[key], args=[])} {_own_client_id(script)}".encode())
        finally:
            os._exit(0)
    os.close(write)
    count, child = os.read(read, 100).decode().split()
    os.close(read)
    os.waitpid(pid, 0)
    assert int(child) != parent and count == "1"
    # The parent's connection still answers its own calls.
    assert script(keys=[key], args=[]) == 2
    assert _own_client_id(script) == parent
