"""gunicorn settings for production and `make run` (see docs/deploy.md); override with
GUNICORN_CMD_ARGS."""

import os
import threading

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
# Sync workers: a process accepts a connection only when it is idle, so the
# kernel's accept queue hands each request to the next free process in arrival
# order. gthread workers accept whenever their main thread runs and keep each
# kept-alive connection for good: measured with 32 client connections on two
# cores, one of four gthread processes held 28 of them for the whole run and
# their requests queued behind its four threads for seconds while three clients
# had a process each (docs/benchmarks.md). Sync workers close the connection
# after each answer; the buffering proxy in front (docs/deploy.md) keeps client
# connections alive and absorbs slow clients, which a sync worker must not wait on.
worker_class = "sync"
# Two per core plus one: one process can wait on PostgreSQL or Redis while the
# others use the cores.
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * (os.cpu_count() or 1) + 1)))
# Import the app once in the master and fork workers from it: a worker that is
# replaced (crash, timeout) serves within milliseconds instead of spending a
# second or more of CPU importing Django and the country index while the other
# workers wait for the cores, and the read-only data is shared between workers.
# Code changes therefore need a restart, not a HUP.
preload_app = True
# Accept queue: the kernel silently caps this at net.core.somaxconn, which must
# be at least as large (docs/deploy.md).
backlog = 2048
# A request (PDF rendering included) must finish well within this: the app answers
# 503 problem+json at REQUEST_DEADLINE_SECONDS (eudr_service/lib/deadline.py), before
# gunicorn would kill the worker and answer with its own HTML page.
timeout = 60
graceful_timeout = 30
# No periodic recycling: every worker reached max_requests at about the same
# moment under even load, and each replacement stalled requests for 1-3 s
# (docs/benchmarks.md); the soak shows no memory growth to recycle for.
# GUNICORN_MAX_REQUESTS turns it back on (with 50 % jitter) should a leak appear.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "0"))
max_requests_jitter = max_requests // 2
# Header limits against oversized or slow header attacks; bodies are limited by
# the app (API_MAX_BODY_BYTES). Behind a buffering proxy (nginx) slow clients
# never reach gunicorn at all.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
accesslog = "-"
# No control socket: we do not use gunicornc, its default path is one per user (two
# servers of one user fight over it), and its server is a thread in the master that
# later forks (replacement workers) would be taken beside.
control_socket_disable = True
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")


def when_ready(server):
    """In the master, before the first fork: refuse what cannot work.

    A thread running in the master (started by an import under `preload_app`) may hold
    a lock at the moment of a fork, and every worker forked then waits forever on it.
    And the app's own request deadline must come before gunicorn's worker timeout, or a
    slow API call is answered with gunicorn's HTML page instead of problem+json."""
    if server.cfg.threads > 1 or "sync" not in str(server.cfg.worker_class_str):
        # The request deadline is a signal timer, which only the main thread of a sync
        # worker gets: threaded workers would serve every request without a deadline.
        server.log.error("refusing to start: the request deadline needs sync workers without threads")
        raise SystemExit(4)
    threads = sorted(t.name for t in threading.enumerate() if t is not threading.main_thread())
    if threads:
        server.log.error("refusing to fork workers: the master runs threads %s", ", ".join(threads))
        raise SystemExit(4)
    if server.cfg.preload_app:
        # This file is read before Django is set up: Django is imported where it is used.
        from django.conf import settings  # noqa: PLC0415

        if server.cfg.timeout <= settings.REQUEST_DEADLINE_SECONDS:
            server.log.error(
                "REQUEST_DEADLINE_SECONDS (%s) must be below gunicorn's timeout (%s)",
                settings.REQUEST_DEADLINE_SECONDS,
                server.cfg.timeout,
            )
            raise SystemExit(4)


def post_worker_init(worker):
    """After the fork, in each worker: the embedded mode's schedule runs in exactly one
    (the first to lock the file; a replacement worker takes it over)."""
    # Read before Django is set up, like when_ready's import.
    from django.conf import settings  # noqa: PLC0415

    from eudr_service.lib.scheduler import embedded_scheduler_start_once  # noqa: PLC0415

    embedded_scheduler_start_once(settings.VAR_DIR / "run" / "scheduler.lock")
