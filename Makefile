# The two commands of the README: `make run` and `make test`. Both need only
# Python 3.11+ and make; everything else is installed into .venv.
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
# requirements.txt is what the service runs on (what production installs); requirements-dev.txt
# adds what the tests, lint, the bench and the scripts need. Each stamp names the hash of the
# files it installed, so a change of either file installs again. Installing the dev set over
# the runtime one only adds packages.
HASH    = $(shell python3 -c "import hashlib,sys;print(hashlib.sha256(b''.join(open(f,'rb').read() for f in sys.argv[1:])).hexdigest()[:12])" $(1))
STAMP   := $(VENV)/.installed-runtime-$(call HASH,requirements.txt)
DEV_STAMP := $(VENV)/.installed-dev-$(call HASH,requirements.txt requirements-dev.txt)

.PHONY: run test test-slow test-all lint format test-services bench migrate clean screenshots client

$(STAMP): requirements.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	rm -f $(VENV)/.installed-runtime-* && touch $@

# requirements-dev.txt pins the runtime set too, so it stands for both stamps.
$(DEV_STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	rm -f $(VENV)/.installed-runtime-* $(VENV)/.installed-dev-* && touch $(STAMP) $@

migrate: $(STAMP)
	$(PY) manage.py migrate --noinput -v 0

# Served by gunicorn with production's gunicorn.conf.py (sync workers, WEB_CONCURRENCY
# of them) on the SQLite file in WAL mode; the embedded schedule runs in one worker.
# Certificate links follow the port unless PUBLIC_BASE_URL says otherwise.
run: export PUBLIC_BASE_URL ?= http://127.0.0.1:$(PORT)
# Without EU_IS_URL, the fake EU Information System runs beside the service on
# EU_FAKE_PORT, so the whole path (file, submit, EU numbers) works offline; without
# ULDK_BASE_URL, the ULDK stand-in (standins/uldk.py) on ULDK_FAKE_PORT answers for
# its few parcels, so a declaration from parcel numbers is screened offline too.
# $(VAR_DIR)/run/make-run.env records what was started, for commands run from another
# shell (eudr_service/lib/make_run.py); it is removed when make run stops.
# Without CELERY_BROKER_URL, a Celery worker (with beat) runs beside the web processes on
# a broker of message files under $(VAR_DIR)/broker: bulk filings, PDFs, EU submissions,
# webhooks and e-mails run off the request, as with Redis, and no server is needed.
CELERY_CONCURRENCY ?= 2
EU_FAKE_PORT ?= 8085
ULDK_FAKE_PORT ?= 8086
VAR_DIR ?= var
MAKE_RUN_ENV := $(VAR_DIR)/run/make-run.env
run: migrate
	@set -e; \
	pids=""; mkdir -p $(VAR_DIR)/run; : > $(MAKE_RUN_ENV).tmp; \
	trap 'rm -f $(MAKE_RUN_ENV) $(MAKE_RUN_ENV).tmp; kill $$pids 2>/dev/null || true' EXIT INT TERM; \
	echo "# Written by make run (pid $$$$); removed when it stops." >> $(MAKE_RUN_ENV).tmp; \
	if [ -z "$$EU_IS_URL" ]; then \
	  export EU_FAKE_ACCOUNTS_FILE=$(abspath $(VAR_DIR))/run/fake-eu-accounts.jsonl; \
	  EUDR_STANDINS=1 $(PY) manage.py run_fake_eu_is --port $(EU_FAKE_PORT) --accounts-file "$$EU_FAKE_ACCOUNTS_FILE" & \
	  fake=$$!; pids="$$pids $$fake"; \
	  export EU_IS_URL=http://127.0.0.1:$(EU_FAKE_PORT)/tracesnt/ EU_IS_FIRST_POLL_SECONDS=0; \
	  printf 'EU_IS_URL=%s\nEU_IS_FIRST_POLL_SECONDS=%s\nEU_FAKE_ACCOUNTS_FILE=%s\nEU_FAKE_PID=%s\n' \
	    "$$EU_IS_URL" "$$EU_IS_FIRST_POLL_SECONDS" "$$EU_FAKE_ACCOUNTS_FILE" "$$fake" >> $(MAKE_RUN_ENV).tmp; \
	fi; \
	if [ -z "$$ULDK_BASE_URL" ]; then \
	  EUDR_STANDINS=1 $(PY) manage.py run_fake_uldk --port $(ULDK_FAKE_PORT) & uldk=$$!; pids="$$pids $$uldk"; \
	  export ULDK_BASE_URL=http://127.0.0.1:$(ULDK_FAKE_PORT)/; \
	  printf 'ULDK_BASE_URL=%s\nULDK_FAKE_PID=%s\n' "$$ULDK_BASE_URL" "$$uldk" >> $(MAKE_RUN_ENV).tmp; \
	fi; \
	if [ -z "$$CELERY_BROKER_URL" ]; then \
	  export CELERY_BROKER_URL=filesystem://localhost$(abspath $(VAR_DIR))/broker; \
	  $(VENV)/bin/celery --quiet -A eudr_service worker --beat --schedule $(VAR_DIR)/run/celerybeat-schedule \
	    --concurrency $(CELERY_CONCURRENCY) --without-mingle --without-gossip --without-heartbeat \
	    --loglevel WARNING & worker=$$!; pids="$$pids $$worker"; \
	  printf 'CELERY_BROKER_URL=%s\nCELERY_WORKER_PID=%s\n' "$$CELERY_BROKER_URL" "$$worker" >> $(MAKE_RUN_ENV).tmp; \
	fi; \
	mv $(MAKE_RUN_ENV).tmp $(MAKE_RUN_ENV); \
	$(PY) manage.py seed_demo; \
	echo "Serving on http://127.0.0.1:$(PORT)  (API docs: /api/docs/)"; \
	$(VENV)/bin/gunicorn eudr_service.wsgi -c gunicorn.conf.py --bind 127.0.0.1:$(PORT)

# Test layers. `make test` runs the fast layer on every core (pytest-xdist); the slow
# layers (markers browser, pdf_layout, fuzz, make_run and slow in pyproject.toml) run in
# `make test-slow`; `make test-all` runs both at once. CI (.ci/run) runs `make test`,
# `make test-slow`, then the fast layer again on the services.
# Tests are handed to the workers one at a time (--maxschedchunk 1): in bigger chunks,
# one worker may be left with a queue of long tests while the others stop.
SLOW_LAYERS := browser or pdf_layout or fuzz or make_run or slow
# Every test process compiles the project and rewrites each test module's asserts; with
# PYTHONDONTWRITEBYTECODE set (as some images do) that is redone by every xdist worker on
# every run, about 20 s of CPU each. The test targets keep the compiled files (ignored by
# git, in __pycache__), so only a run after a change recompiles what changed.
test test-slow test-all test-services: export PYTHONDONTWRITEBYTECODE :=
# One worker more than cores: the fast layer's tests wait on child processes and fake
# servers often enough that a third worker on 2 cores fills the gaps (measured warm: 2 workers
# 2:37, 3 workers 2:14, 4 workers 2:51).
TEST_WORKERS ?= $(shell python3 -c "import os; print((os.cpu_count() or 1) + 1)")
PARALLEL = -n $(TEST_WORKERS) --maxschedchunk 1
test: $(DEV_STAMP)
	$(PY) -m pytest $(PARALLEL) -m "not ($(SLOW_LAYERS))"

# SLOW picks some of the slow layers (CI runs `make_run` beside `make test`).
SLOW ?= $(SLOW_LAYERS)
test-slow: $(DEV_STAMP)
	$(PY) -m pytest $(PARALLEL) -m "$(SLOW)"

test-all: $(DEV_STAMP)
	$(PY) -m pytest $(PARALLEL)

lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(DEV_STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# The fast layer again on PostgreSQL, Redis and real Celery workers (see .ci/run for how the
# services are started), in parallel, with the tests that need them (markers services,
# worker, serial). The slow layers run once, embedded: they test layout, the browser, the
# schema and the README's `make run`, and use the database only as every fast test does
# (which these run again here). The fast layer holds the PostgreSQL-specific checks (NUL
# bytes in text, row locks, concurrent quotas). Its tests wait on workers, servers and
# child processes, so it runs twice as many workers as cores, at most 6: each takes its
# own test database and two Redis databases (tests/services_per_worker.py: gwN uses
# n+2N for a URL ending in /n, so 3 to 14 by default). The tests marked `serial` stop
# PostgreSQL under everyone: they run alone, after. SERVICES_WORKERS=0 runs in one process.
SERVICES_WORKERS ?= $(shell python3 -c "import os; print(min(6, 2 * os.cpu_count()))")
SERVICES_ENV = DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/eudr} \
	REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/3} \
	CELERY_BROKER_URL=$${CELERY_BROKER_URL:-redis://127.0.0.1:6379/4}
test-services: $(DEV_STAMP)
	$(SERVICES_ENV) $(PY) -m pytest -n $(SERVICES_WORKERS) --maxschedchunk 1 -m "not serial and not ($(SLOW_LAYERS))"
	$(SERVICES_ENV) $(PY) -m pytest -m serial

bench: $(DEV_STAMP)
	$(PY) bench/run.py

# PNGs of every page and state in scripts/screenshot_pages.py (the widget, the public
# pages, the sign-in pages and the panel), in Polish and English, in docs/img/, and
# their index docs/screenshots.md (headless Chromium from Debian's chromium package;
# see README "Badge widget").
screenshots: $(DEV_STAMP)
	$(PY) scripts/screenshots.py
	$(PY) scripts/panel_screenshots.py
	$(PY) scripts/screenshot_pages.py

# The Python client in clients/python, generated from our OpenAPI schema by a pinned
# openapi-python-client (in its own .venv-client: the service never imports it).
# The schema it was generated from is kept beside it; a test fails when they drift.
client: $(STAMP)
	test -x .venv-client/bin/python || python3 -m venv .venv-client
	.venv-client/bin/pip install --quiet -r clients/generator-requirements.txt
	$(PY) manage.py spectacular --format openapi-json --file clients/python/openapi.json
	cd clients && PATH="$(CURDIR)/.venv-client/bin:$$PATH" ../.venv-client/bin/openapi-python-client generate \
		--path python/openapi.json --config python-config.yaml --custom-template-path templates --meta setup --output-path python/eudr-client --overwrite
	# The evidence verifier is written by hand (not generated): copied into the package.
	cp clients/evidence/verify_evidence.py clients/python/eudr-client/eudr_client/verify_evidence.py

clean:
	rm -rf $(VENV) .venv-client var staticfiles
