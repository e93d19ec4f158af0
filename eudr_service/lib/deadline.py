"""One deadline for every request, shorter than gunicorn's worker timeout.

gunicorn kills a worker that has not answered within its `timeout` and the client gets
gunicorn's HTML error page, on an API path too. So every request served in a process's
main thread (gunicorn's sync workers, what `make run` and production use) is given
REQUEST_DEADLINE_SECONDS by a real-time timer: when it fires, the view is interrupted
with RequestDeadlineExceeded (a BaseException, so no `except Exception` on the way
swallows it; open transactions roll back), and the answer is 503 problem+json
`deadline_exceeded` with Retry-After on an API path, a short 503 page elsewhere.
Threads other than the main one (runserver) have no signals: their requests run
without this deadline.

Work committed before the deadline stays committed (a filing's transaction, then the
work its on-commit hooks start): the answer then says `committed: true`, so a client
looks the result up, or retries with the same Idempotency-Key, instead of filing again.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from eudr_service.lib.paths import is_api_path
from eudr_service.lib.problems import problem_response

RETRY_AFTER_SECONDS = 30


class RequestDeadlineExceeded(BaseException):
    """The request ran past REQUEST_DEADLINE_SECONDS."""


def _fire(signum: int, frame: FrameType | None) -> None:
    raise RequestDeadlineExceeded


_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "TRUNCATE")


class _Durable:
    """Notes whether the request made a change durable: a commit, or a write outside a
    transaction (autocommit). Wraps the request's database connections while it runs."""

    def __init__(self) -> None:
        self.saved = False

    def __call__(self, execute: Callable, sql: str, params: object, many: bool, context: dict) -> object:
        if not context["connection"].in_atomic_block and sql.lstrip().upper().startswith(_WRITES):
            self.saved = True
        return execute(sql, params, many, context)

    def watch_commit(self, connection: object) -> Callable[[], None]:
        commit = connection.commit

        def noted() -> None:
            commit()
            self.saved = True

        connection.commit = noted  # this request only: removed in `unwatch`
        return lambda: connection.__dict__.pop("commit", None)


class RequestDeadlineMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        seconds = settings.REQUEST_DEADLINE_SECONDS
        if threading.current_thread() is not threading.main_thread() or seconds <= 0:
            return self.get_response(request)
        durable = _Durable()
        unwatch = [durable.watch_commit(conn) for conn in connections.all()]
        wrappers = [conn.execute_wrapper(durable) for conn in connections.all()]
        for wrapper in wrappers:
            wrapper.__enter__()
        previous = signal.signal(signal.SIGALRM, _fire)
        try:
            try:
                signal.setitimer(signal.ITIMER_REAL, seconds)
                return self.get_response(request)
            finally:
                # Disarmed before anything else: a timer firing here, after the view
                # answered, is caught by the outer handler, never raised past it.
                signal.setitimer(signal.ITIMER_REAL, 0)
        except RequestDeadlineExceeded:
            return _deadline_response(request, seconds, committed=durable.saved)
        finally:
            signal.signal(signal.SIGALRM, previous)
            for wrapper in reversed(wrappers):
                wrapper.__exit__(None, None, None)
            for undo in unwatch:
                undo()


def _deadline_response(request: HttpRequest, seconds: float, *, committed: bool) -> HttpResponse:
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
    if is_api_path(request.path_info):
        detail = f"The request was not answered within {seconds:g} s (REQUEST_DEADLINE_SECONDS). "
        if committed:
            detail += (
                "Part of its work was saved before then: look the result up, or retry with the "
                "same Idempotency-Key, rather than sending it again without one."
            )
        else:
            detail += "Nothing was saved. Retry later, or send large work as a job."
        return problem_response(
            503,
            "deadline_exceeded",
            detail,
            extra={"limit": seconds, "committed": committed},
            headers=headers,
        )
    response = HttpResponse(
        _("The page took too long to prepare. Please try again in a moment."),
        status=503,
        content_type="text/plain; charset=utf-8",
    )
    for name, value in headers.items():
        response[name] = value
    return response
