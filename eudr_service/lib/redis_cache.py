"""Django's Redis cache backend, with one redis-py client per connection pool.

Django's client builds a new `redis.Redis` around its connection pool for every
cache call. Building one costs about 100 us of CPU (it fills a table of a few
hundred reply callbacks), as much as the round trip it then makes: a `get` took
203 us with a new client and 107 us with a kept one (a loop on the bench's
Redis). A DDS filing makes several cache calls (the public record dropped on
each status change, the API key lookup), so they all pay it.

A `redis.Redis` is safe to share between threads and across a fork (its pool
hands each thread its own connection and resets itself in a child process), so
one per pool is kept and reused. Everything else is Django's.

The daily quota (accounts.quota) runs its own Lua script beside the cache: `write_client`
gives it the client (and so the pool) a key is written through, and `loads` decodes a value
the script read as `get` would, with the serializer the cache was configured with.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ClientPerPoolRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client

    @property
    def serializer(self) -> Any:
        return self._serializer


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ClientPerPoolRedisCacheClient

    def write_client(self, key: Any) -> Any:
        """The redis-py client `key` is written through (for commands the cache API lacks)."""
        return self._cache.get_client(key, write=True)

    def loads(self, raw: bytes) -> Any:
        """A value read from Redis outside the cache API, decoded as `get` would decode it."""
        return self._cache.serializer.loads(raw)
