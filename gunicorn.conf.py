"""gunicorn settings for production (see docs/deploy.md); override with GUNICORN_CMD_ARGS."""

import os

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
# A request (PDF rendering included) must finish well within this.
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
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
