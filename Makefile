# The two commands of the README: `make run` and `make test`. Both need only
# Python 3.11+ and make; everything else is installed into .venv.
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
STAMP  := $(VENV)/.installed-$(shell python3 -c "import hashlib,sys;print(hashlib.sha256(open('requirements.txt','rb').read()).hexdigest()[:12])")

.PHONY: run test lint format test-services bench migrate clean screenshots

$(STAMP): requirements.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	rm -f $(VENV)/.installed-* && touch $@

migrate: $(STAMP)
	$(PY) manage.py migrate --noinput -v 0

# Certificate links follow the port unless PUBLIC_BASE_URL says otherwise.
run: export PUBLIC_BASE_URL ?= http://127.0.0.1:$(PORT)
run: migrate
	$(PY) manage.py seed_demo
	@echo "Serving on http://127.0.0.1:$(PORT)  (API docs: /api/docs/)"
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

test: $(STAMP)
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# The whole suite again on PostgreSQL, Redis and a real Celery worker
# (see .ci/run for how the services are started).
test-services: $(STAMP)
	DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/eudr} \
	REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/3} \
	CELERY_BROKER_URL=$${CELERY_BROKER_URL:-redis://127.0.0.1:6379/4} \
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) bench/run.py

# PNGs of every widget style and state, the certificate page and the panel's
# dashboard, keys and webhooks pages, in docs/img/
# (headless Chromium from Debian's chromium package; see README "Badge widget").
screenshots: $(STAMP)
	$(PY) scripts/screenshots.py
	$(PY) scripts/panel_screenshots.py

clean:
	rm -rf $(VENV) var staticfiles
