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
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from eudr_service.lib.paths import is_api_path
from eudr_service.lib.problems import problem_response

RETRY_AFTER_SECONDS = 30


class RequestDeadlineExceeded(BaseException):
    """The request ran past REQUEST_DEADLINE_SECONDS."""


def _fire(signum: int, frame: FrameType | None) -> None:
    raise RequestDeadlineExceeded


class RequestDeadlineMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        seconds = settings.REQUEST_DEADLINE_SECONDS
        if threading.current_thread() is not threading.main_thread() or seconds <= 0:
            return self.get_response(request)
        previous = signal.signal(signal.SIGALRM, _fire)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return self.get_response(request)
        except RequestDeadlineExceeded:
            return _deadline_response(request, seconds)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def _deadline_response(request: HttpRequest, seconds: float) -> HttpResponse:
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
    if is_api_path(request.path_info):
        return problem_response(
            503,
            "deadline_exceeded",
            f"The request was not answered within {seconds:g} s (REQUEST_DEADLINE_SECONDS). "
            "Retry later, or send large work as a job.",
            extra={"limit": seconds},
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
