"""The cache backend keeps one redis-py client per connection pool, and the cache
still works in a forked child and in its parent (services suite: a real Redis)."""

from __future__ import annotations

import os
import select
import uuid

import pytest
import redis
from django.core.cache import caches

from eudr_service.lib.redis_cache import RedisCache

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (services suite)"),
]


@pytest.fixture
def cache():
    cache = caches["default"]
    assert isinstance(cache, RedisCache)
    return cache


def test_cache_calls_reuse_one_client(cache, monkeypatch):
    built = []
    original_init = redis.Redis.__init__

    def counting_init(self, *args, **kwargs):
        built.append(self)
        original_init(self, *args, **kwargs)

    key = f"test:cache:{uuid.uuid4().hex}"
    cache.get(key)  # the pool and its client exist from here on
    monkeypatch.setattr(redis.Redis, "__init__", counting_init)

    cache.set(key, {"a": 1}, 30)
    assert cache.get(key) == {"a": 1}
    assert cache.add(key + ":n", 0, 30) is True
    assert cache.incr(key + ":n") == 1
    assert cache.delete(key) is True
    assert cache.delete(key + ":n") is True
    assert cache.get(key) is None

    assert built == []
    assert cache._cache.get_client(key) is cache._cache.get_client(key, write=True)


def _client_id(cache) -> int:
    return cache._cache.get_client(None, write=True).client_id()


def test_a_forked_child_uses_the_cache_on_its_own_connection(cache):
    key = f"test:cache:{uuid.uuid4().hex}"
    cache.set(key, "parent", 30)
    parent_client_id = _client_id(cache)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its pool resets itself, the client is reused
        answer = "error: the child did not finish"
        try:
            cache.set(key + ":child", "child", 30)
            answer = f"{cache.get(key)}/{cache.get(key + ':child')}/{_client_id(cache)}"
        except BaseException as exc:  # reported to the parent, which fails the test
            answer = f"error: {exc!r}"
        finally:
            os.write(write, answer.encode())
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        ready, _, _ = select.select([pipe], [], [], 10)
        answer = pipe.read() if ready else "error: no answer from the child within 10 s"
    os.waitpid(pid, 0)

    values, child_client_id = answer.rsplit("/", 1) if "/" in answer else (answer, "")
    assert values == "parent/child"
    # Its own connection: Redis numbers every connection it accepts.
    assert int(child_client_id) != parent_client_id
    assert cache.get(key + ":child") == "child"
    assert cache.get(key) == "parent"  # the parent's connection still works
    assert _client_id(cache) == parent_client_id
    cache.delete_many([key, key + ":child"])
