"""gunicorn settings for production (see docs/deploy.md); override with GUNICORN_CMD_ARGS."""

import os

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
# gthread keeps client connections alive between requests; two cores measured
# best at 4 processes x 4 threads (docs/benchmarks.md).
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", "4"))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# A request (PDF rendering included) must finish well within this.
timeout = 60
graceful_timeout = 30
keepalive = 5
# Recycle workers now and then so slow leaks cannot accumulate.
max_requests = 5000
max_requests_jitter = 500
# Header limits against oversized or slow header attacks; bodies are limited by
# the app (API_MAX_BODY_BYTES). Behind a buffering proxy (nginx) slow clients
# never reach gunicorn at all.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
accesslog = "-"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
