"""A Lua script run on a Redis connection each thread keeps for itself.

The quota counters run one script on nearly every API call, the badge's public
verify included. Through redis-py's client object, each call takes a connection
from the pool (a lock, a health check), rebuilds the command and gives the
connection back: counting took 169 us of CPU per call that way and takes 77 us
this way (a loop of accounts.quota.quota_consume on the bench's Redis; a bare
socket round trip is about 35). With hiredis installed (requirements.txt) redis-py
packs the command and parses the reply in C: about 7 us less again. Here the connection is
redis-py's own (same URL, TLS, password and timeouts as the cache's pool), held
by the thread that uses it, and the command goes out with a single send.

A forked child (gunicorn with preload_app, the PDF render child) never uses its
parent's socket: the connections are dropped in the child at fork.
"""

from __future__ import annotations

import hashlib
import os
import threading
import weakref
from typing import Any

from redis.connection import AbstractConnection, ConnectionPool
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError
from redis.exceptions import TimeoutError as RedisTimeoutError

_all_scripts: weakref.WeakSet[LuaScript] = weakref.WeakSet()


class LuaScript:
    """`source` run by EVALSHA (EVAL once after a Redis restart or SCRIPT FLUSH)
    on connections made like `pool`'s."""

    def __init__(self, source: str, pool: ConnectionPool) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()
        self._connection_class = pool.connection_class
        self._connection_kwargs = dict(pool.connection_kwargs)
        self._local = threading.local()
        _all_scripts.add(self)

    def __call__(self, *, keys: list[str], args: list[Any]) -> Any:
        connection = self._connection()
        try:
            return self._run(connection, keys, args)
        except (RedisConnectionError, RedisTimeoutError):
            # A connection Redis closed while it sat idle (a restart, a server
            # timeout) fails on first use: one retry on a new one, as redis-py's
            # client retries. If the reply alone was lost the call counts twice,
            # which errs on the side of the limit.
            connection.disconnect()
            return self._run(connection, keys, args)

    def _run(self, connection: AbstractConnection, keys: list[str], args: list[Any]) -> Any:
        connection.send_packed_command(
            connection.pack_command("EVALSHA", self.sha, len(keys), *keys, *args), check_health=False
        )
        try:
            return connection.read_response()
        except NoScriptError:  # Redis restarted or its scripts were flushed
            connection.send_packed_command(
                connection.pack_command("EVAL", self.source, len(keys), *keys, *args), check_health=False
            )
            return connection.read_response()

    def _connection(self) -> AbstractConnection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = self._local.connection = self._connection_class(**self._connection_kwargs)
        return connection

    def _forget_after_fork(self) -> None:
        # The child must not read replies meant for the parent: it opens its own.
        # The parent's connections, dropped here, only close the child's copy of the
        # socket (redis-py shuts a socket down only in the process that opened it).
        self._local = threading.local()


def _after_fork_in_child() -> None:
    for script in list(_all_scripts):
        script._forget_after_fork()


os.register_at_fork(after_in_child=_after_fork_in_child)
