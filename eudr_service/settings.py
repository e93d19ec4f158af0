"""Settings for the EUDR compliance service.

No environment at all gives the embedded default (SQLite, in-process cache,
Celery eager, development mode, demo data) so `make run` works on a bare machine.
DATABASE_URL, REDIS_URL and CELERY_BROKER_URL switch to real services.
With DEBUG=0 the secrets and public addresses must be given explicitly.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from urllib.parse import urlparse, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from eudr_service.lib.encryption import keys_from_env
from eudr_service.lib.env import (
    env_bool,
    env_choice,
    env_float,
    env_forest_layers,
    env_int,
    env_list,
    env_pattern,
    env_str,
    env_url,
)
from eudr_service.lib.make_run import FILE_NAME as MAKE_RUN_FILE_NAME
from eudr_service.lib.make_run import make_run_values

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))

# DEBUG=1 (the default, `make run`) is the development mode: the fallbacks below for
# secrets and addresses, static files from the apps, readable logs. Django's own DEBUG
# (its technical error pages: settings, code and URL patterns to whoever hits an error)
# stays off in it too, since `make run` serves a port others may reach; DEBUG_PAGES=1
# turns them on for a developer's own machine. Errors are logged with their traceback.
DEVELOPMENT = env_bool("DEBUG", True)
DEBUG = DEVELOPMENT and env_bool("DEBUG_PAGES", False)

if DEVELOPMENT:
    # Development-only fallbacks; production must set every one of these.
    SECRET_KEY = env_str("SECRET_KEY", "insecure-development-key-" + "x" * 40)
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
    PUBLIC_BASE_URL = env_url("PUBLIC_BASE_URL", "http://127.0.0.1:8000", schemes=("http", "https"))
else:
    missing = [n for n in ("SECRET_KEY", "ALLOWED_HOSTS", "PUBLIC_BASE_URL") if not env_str(n)]
    if missing:
        raise ImproperlyConfigured(f"DEBUG=0 requires {', '.join(missing)} to be set")
    SECRET_KEY = env_str("SECRET_KEY")
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("SECRET_KEY must be at least 50 characters")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
    PUBLIC_BASE_URL = env_url("PUBLIC_BASE_URL", None, schemes=("https",))
PUBLIC_BASE_URL = PUBLIC_BASE_URL.rstrip("/")

# API keys are stored as HMAC-SHA256 under this pepper, kept apart from the
# database so a leaked dump alone cannot be used to test guessed keys.
API_KEY_PEPPER = env_str("API_KEY_PEPPER", SECRET_KEY if DEVELOPMENT else None)
if not API_KEY_PEPPER:
    raise ImproperlyConfigured("DEBUG=0 requires API_KEY_PEPPER to be set")

# Secrets we must read back (webhook signing secrets) are encrypted at rest under
# these Fernet keys, newest first (eudr_service/lib/encryption.py, docs/security.md).
ENCRYPTION_KEYS = keys_from_env(env_str("ENCRYPTION_KEYS"), debug=DEVELOPMENT, secret_key=SECRET_KEY)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "euis",
    "regulation",
    "evidence",
    "risk",
    "compliance",
    "eu_filing",
    "suppliers",
    "annual",
    "reports",
    "webhooks",
    "widget",
    "panel",
]

# The local stand-ins (standins/: the fake EU Information System and the ULDK stand-in) are
# an app only for their management commands, run_fake_eu_is and run_fake_uldk, which
# `make run`, the tests, the bench and the scripts start. No product module imports them
# (tests/eudr_service/test_standins_apart.py), so a deployment runs without the package:
# EUDR_STANDINS defaults to on in the development mode (DEBUG=1) when the package is there
# and to off with DEBUG=0; EUDR_STANDINS=1 forces it on (the bench's fake under DEBUG=0).
STANDINS = env_bool("EUDR_STANDINS", DEVELOPMENT and importlib.util.find_spec("standins") is not None)
if STANDINS:
    INSTALLED_APPS.append("standins")

MIDDLEWARE = [
    "eudr_service.lib.request_id.RequestIdMiddleware",
    "eudr_service.lib.deadline.RequestDeadlineMiddleware",
    # Each request's total wait on ULDK and the EU system (docs/security.md).
    "eudr_service.lib.upstreams.UpstreamBudgetMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "eudr_service.lib.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "eudr_service.lib.versioning.ApiVersionMiddleware",
    "eudr_service.lib.body_limit.BodySizeLimitMiddleware",
    "accounts.quota.RateLimitHeadersMiddleware",
    # The badge's anonymous verify call, answered before sessions, auth and DRF.
    "compliance.verify_fast_path.VerifyFastPathMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "accounts.middleware.PageLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "eudr_service.lib.outages.DatabaseOutageMiddleware",
    "accounts.authentication.LivemodeHeaderMiddleware",
]

ROOT_URLCONF = "eudr_service.urls"
WSGI_APPLICATION = "eudr_service.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASE_URL = env_str("DATABASE_URL")
# A running `make run` records the fakes it started; another shell on the embedded
# defaults talks to the same ones (eudr_service/lib/make_run.py says when exactly).
MAKE_RUN_FILE = VAR_DIR / "run" / MAKE_RUN_FILE_NAME
FROM_MAKE_RUN = make_run_values(MAKE_RUN_FILE, environ=os.environ, under_pytest="pytest" in sys.modules)
if DATABASE_URL:
    # Health checks let a web node reuse connections yet recover by itself
    # after the database restarts.
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
else:
    # A fresh clone has no var/ yet; SQLite cannot create the folder itself.
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
            # Several gunicorn worker processes write to this one file (make run): WAL lets
            # readers go on while one writes, IMMEDIATE takes the write lock when a
            # transaction begins (a deferred one that reads first cannot wait for it: it
            # fails at once), and the timeout is how long a writer waits for the lock.
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_url("REDIS_URL", None, schemes=("redis", "rediss"))
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "eudr_service.lib.redis_cache.RedisCache",
            "LOCATION": REDIS_URL,
            # Fail fast when Redis is down: quotas and caches degrade (see
            # eudr_service.lib.outages) instead of holding requests.
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
else:
    # Without Redis the cache still has to be one for every process of `make run` (its
    # gunicorn workers and its Celery worker): the daily quota, the per-minute limits and
    # the locks count there. diskcache keeps it in SQLite files under VAR_DIR, whose
    # increments are atomic across processes. EMBEDDED_CACHE=memory gives each process a
    # cache of its own (the test suite: every xdist worker must count alone).
    EMBEDDED_CACHE = env_choice("EMBEDDED_CACHE", "disk", choices=("disk", "memory"))
    if EMBEDDED_CACHE == "disk":
        CACHES = {
            "default": {
                "BACKEND": "diskcache.DjangoCache",
                "LOCATION": str(VAR_DIR / "cache"),
                # Shards spread writers over files (one SQLite write lock each); a writer
                # waits this long for another process's before it retries.
                "SHARDS": 8,
                "DATABASE_TIMEOUT": 0.1,
            }
        }
    else:
        CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "pl"
LANGUAGES = [("pl", "Polski"), ("en", "English")]
# One date format for both languages (eudr_service/formats): ISO 8601, as most pages write dates.
FORMAT_MODULE_PATH = ["eudr_service.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEVELOPMENT
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
MEDIA_ROOT = VAR_DIR / "media"
# In development whitenoise serves straight from the apps' static folders.
WHITENOISE_USE_FINDERS = DEVELOPMENT
WHITENOISE_AUTOREFRESH = DEVELOPMENT

# --- HTTP security -----------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SAMESITE = "Lax"
if not DEVELOPMENT:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [PUBLIC_BASE_URL])
# Health and liveness probes come over plain HTTP from the load balancer.
SECURE_REDIRECT_EXEMPT = [r"^livez$", r"^healthz$"]

# How many reverse proxies in front of us append to X-Forwarded-For. Zero
# means the header is ignored: otherwise any client could pick its own IP.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0, minimum=0)
# Actions outside the API share its limiter (accounts.limits), counted per client
# network (IPv4 address, IPv6 /64) and per account: sign-in (also the admin's),
# sign-up and password reset POSTs ...
AUTH_POSTS_PER_MINUTE = env_int("AUTH_POSTS_PER_MINUTE", 10, minimum=1)
# ... and the panel's actions (key creation, webhook changes, test events), which
# are also counted against the account's plan quota like the API calls they stand for.
PANEL_ACTIONS_PER_MINUTE = env_int("PANEL_ACTIONS_PER_MINUTE", 30, minimum=1)
# django-ratelimit (accounts.limits) counts the per-minute limits in the shared cache.
# Fail open only for its lost increment (a counter that expired between its add and
# its incr); a cache outage raises, and accounts.limits decides per limit what it means.
RATELIMIT_USE_CACHE = "default"
RATELIMIT_FAIL_OPEN = True
# Usable (unrevoked) API keys one account may hold; enforced under a row lock.
API_KEYS_MAX_PER_ACCOUNT = env_int("API_KEYS_MAX_PER_ACCOUNT", 10, minimum=1)

# API request bodies above this are refused with 413 before they are read.
API_MAX_BODY_BYTES = env_int("API_MAX_BODY_BYTES", 2 * 1024 * 1024, minimum=1024)
# Bodies of the pages' POSTs (panel forms, sign-in, admin), refused the same way; a page
# with an upload (the panel's roster) declares API_MAX_BODY_BYTES instead
# (eudr_service.lib.body_limit.accepts_body). Django's DATA_UPLOAD_MAX_MEMORY_SIZE below
# counts form fields only, never uploaded files: it is no bound on an upload.
PAGE_MAX_BODY_BYTES = env_int("PAGE_MAX_BODY_BYTES", 256 * 1024, minimum=1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = API_MAX_BODY_BYTES

# --- Work budget: the most one request may ask of the server ---------------------
# Declared once here; each limit is enforced where the work would happen and a
# request above it is refused with a problem naming the limit (or, where the work
# is legitimate, handed to a worker). docs/security.md lists them all.
# Nesting depth of a JSON body (arrays and objects); GeoJSON needs 5.
BUDGET_JSON_MAX_DEPTH = env_int("BUDGET_JSON_MAX_DEPTH", 32, minimum=8)
# Plots in one statement, over all its commodities.
BUDGET_PLOTS_PER_STATEMENT = env_int("BUDGET_PLOTS_PER_STATEMENT", 1000, minimum=1)
# Coordinate positions in one request body, over all its geometries.
BUDGET_POSITIONS_PER_BODY = env_int("BUDGET_POSITIONS_PER_BODY", 20_000, minimum=100)
# Distinct cadastral parcels (each a ULDK lookup) in one request.
BUDGET_PARCELS_PER_REQUEST = env_int("BUDGET_PARCELS_PER_REQUEST", 250, minimum=1)
# Pages of one DDS PDF; a statement whose PDF would be longer gets none.
BUDGET_PDF_MAX_PAGES = env_int("BUDGET_PDF_MAX_PAGES", 200, minimum=1)

# --- API ---------------------------------------------------------------------
# The version an answer takes when the request names none (the specification's, part 9),
# and every version a request may name in its API-Version header (docs/api-conventions.md).
API_VERSION = "1.0"
API_VERSIONS = ("1.0", "1.1")
LATEST_API_VERSION = API_VERSIONS[-1]
# On in the test suite: a problem code without a page in eudr_service.lib.problem_types
# raises instead of answering with a `type` that leads nowhere.
PROBLEM_TYPES_STRICT = False
API_PATH_PREFIXES = ("/api/", "/v1/")

# Public verify endpoint: anonymous callers are limited per client IP. The
# widget calls it from every visitor's browser, so the defaults are generous.
VERIFY_ANON_PER_MINUTE = env_int("VERIFY_ANON_PER_MINUTE", 120, minimum=1)
VERIFY_ANON_PER_DAY = env_int("VERIFY_ANON_PER_DAY", 5000, minimum=1)
VERIFY_CACHE_SECONDS = env_int("VERIFY_CACHE_SECONDS", 60, minimum=0)
# When the quota counters (Redis) are unreachable, these plans (and anonymous
# verify) are served uncounted; every other plan gets 503 until Redis is back.
QUOTA_FAIL_OPEN_PLANS = env_list("QUOTA_FAIL_OPEN_PLANS", ["standard", "pro", "enterprise"])

DDS_VALIDITY_DAYS = env_int("DDS_VALIDITY_DAYS", 365, minimum=1)
# Statements with more plots than this are screened by a Celery worker.
DDS_SYNC_SCREENING_MAX_PLOTS = env_int("DDS_SYNC_SCREENING_MAX_PLOTS", 50, minimum=0)
# ... and so are statements whose geometries hold more positions than this.
DDS_SYNC_SCREENING_MAX_POSITIONS = env_int("DDS_SYNC_SCREENING_MAX_POSITIONS", 2000, minimum=0)

# DDS PDFs are rendered by a worker, once per statement version. A request for the PDF
# of a statement with at most DDS_PDF_SYNC_MAX_PLOTS plots waits this long for it; a
# larger one, or a longer wait, answers 202 with a Location to poll.
DDS_PDF_SYNC_TIMEOUT_SECONDS = env_float("DDS_PDF_SYNC_TIMEOUT_SECONDS", 10.0, minimum=0.0)
DDS_PDF_SYNC_MAX_PLOTS = env_int("DDS_PDF_SYNC_MAX_PLOTS", 200, minimum=0)
# ... and one with at most this many plots is rendered by the request itself (a few
# tenths of a second) rather than queued behind a worker's other work; within
# DDS_PDF_SYNC_TIMEOUT_SECONDS, after which it is handed to the workers.
DDS_PDF_INLINE_MAX_PLOTS = env_int("DDS_PDF_INLINE_MAX_PLOTS", 10, minimum=0)
# Every PDF rendering (DDS) runs in a child process: killed after this many seconds,
# refused memory beyond this many MB above what it starts with.
PDF_RENDER_TIME_LIMIT_SECONDS = env_int("PDF_RENDER_TIME_LIMIT_SECONDS", 120, minimum=5)
PDF_RENDER_MEMORY_MB = env_int("PDF_RENDER_MEMORY_MB", 500, minimum=100)
# A render nobody waits for (asked for with Prefer: respond-async, handed over, re-sent
# by maintenance) runs this much nicer than its parent, so it (about 0.3 s of CPU for
# a 2-plot statement) yields the cores to the API calls around it. A render a request
# waits for keeps the parent's priority.
PDF_RENDER_NICE = env_int("PDF_RENDER_NICE", 10, minimum=0)

# --- Risk engine ---------------------------------------------------------------
ULDK_PUBLIC_URL = "https://uldk.gugik.gov.pl/"
ULDK_BASE_URL = env_url(
    "ULDK_BASE_URL", FROM_MAKE_RUN.get("ULDK_BASE_URL", ULDK_PUBLIC_URL), schemes=("http", "https")
)
ULDK_TIMEOUT_SECONDS = env_float("ULDK_TIMEOUT_SECONDS", 10.0, minimum=0.1)
PARCEL_CACHE_DAYS = env_int("PARCEL_CACHE_DAYS", 30, minimum=0)
# ULDK's "no such parcel" is remembered this long (0: not at all), in the shared cache.
PARCEL_NOT_FOUND_CACHE_SECONDS = env_int("PARCEL_NOT_FOUND_CACHE_SECONDS", 3600, minimum=0)
PARCEL_RETRY_AFTER_SECONDS = env_int("PARCEL_RETRY_AFTER_SECONDS", 60, minimum=1)
# The most one web request waits on ULDK in total, over all its parcel lookups (each
# lookup waits at most ULDK_TIMEOUT_SECONDS and at most what is left of this). Work
# whose lookups could take longer goes to a worker (docs/security.md).
ULDK_REQUEST_BUDGET_SECONDS = env_float("ULDK_REQUEST_BUDGET_SECONDS", 15.0, minimum=0.1)
# Forest raster layers, in priority order: "name|kind|path;name|kind|path".
# kind: forest_cover_2020_fraction, forest_cover_2020_class or loss_year.
FOREST_LAYERS = env_forest_layers("FOREST_LAYERS")
# Official layers fetched by `manage.py forest_data` (docs/forest-data.md). The defaults
# are the publishers' own addresses; point them at a mirror with the same file layout to
# fetch from elsewhere. Versions pin what `fetch` takes; `update` looks for newer ones.
FOREST_DATA_DIR = Path(env_str("FOREST_DATA_DIR", str(VAR_DIR / "forest")))
FOREST_JRC_GFC2020_URL = env_url(
    "FOREST_JRC_GFC2020_URL",
    "https://jeodpp.jrc.ec.europa.eu/ftp/jrc-opendata/FOREST/GFC2020/LATEST/tiles/",
    schemes=("http", "https"),
)
FOREST_JRC_GFC2020_VERSION = env_pattern("FOREST_JRC_GFC2020_VERSION", "V4", pattern=r"V\d+", example="V4")
FOREST_HANSEN_URL = env_url(
    "FOREST_HANSEN_URL",
    "https://storage.googleapis.com/earthenginepartners-hansen/",
    schemes=("http", "https"),
)
FOREST_HANSEN_VERSION = env_pattern(
    "FOREST_HANSEN_VERSION", "GFC-2025-v1.13", pattern=r"GFC-\d{4}-v1\.\d+", example="GFC-2025-v1.13"
)
# Hosts forest data may be read from at run time (range requests); by default the
# hosts of the two source addresses above.
FOREST_DATA_ALLOWED_HOSTS = env_list(
    "FOREST_DATA_ALLOWED_HOSTS",
    sorted(
        {urlparse(FOREST_JRC_GFC2020_URL).hostname or "", urlparse(FOREST_HANSEN_URL).hostname or ""} - {""}
    ),
)
FOREST_HTTP_TIMEOUT_SECONDS = env_int("FOREST_HTTP_TIMEOUT_SECONDS", 30, minimum=1)
# GDAL configuration for reading layers, remote ones by range requests (/vsicurl/):
# timeouts, retries, and the in-process block caches that keep repeated reads of the
# same area off the network.
FOREST_GDAL_OPTIONS = {
    "GDAL_HTTP_TIMEOUT": FOREST_HTTP_TIMEOUT_SECONDS,
    "GDAL_HTTP_CONNECTTIMEOUT": min(10, FOREST_HTTP_TIMEOUT_SECONDS),
    "GDAL_HTTP_MAX_RETRY": env_int("FOREST_HTTP_MAX_RETRY", 2, minimum=0),
    "GDAL_HTTP_RETRY_DELAY": 1,
    "GDAL_HTTP_MULTIRANGE": "SINGLE_GET",
    "CPL_VSIL_CURL_CACHE_SIZE": env_int("FOREST_VSICURL_CACHE_MB", 64, minimum=1) * 1024 * 1024,
    "CPL_VSIL_CURL_ALLOWED_EXTENSIONS": ".tif,.tiff,.vrt",
    "GDAL_DISABLE_READDIR_ON_OPEN": "EMPTY_DIR",  # never list the publisher's folders
    "VSI_CACHE": True,
    "VSI_CACHE_SIZE": env_int("FOREST_VSI_CACHE_MB", 32, minimum=1) * 1024 * 1024,
    "GDAL_CACHEMAX": env_int("FOREST_GDAL_CACHE_MB", 128, minimum=8),
}
RISK_BATCH_MAX = 500
# Large jobs (POST /api/eudr/v1/risk-score/jobs): plots per job, scored RISK_JOB_CHUNK_SIZE
# at a time by workers; positions per job (the body is still bound by API_MAX_BODY_BYTES).
RISK_JOB_MAX_PLOTS = env_int("RISK_JOB_MAX_PLOTS", 10_000, minimum=1)
RISK_JOB_MAX_POSITIONS = env_int("RISK_JOB_MAX_POSITIONS", 200_000, minimum=100)
RISK_JOB_CHUNK_SIZE = env_int("RISK_JOB_CHUNK_SIZE", 500, minimum=1)
# Finished jobs and their results are deleted this many hours after they finish.
RISK_JOB_RETENTION_HOURS = env_int("RISK_JOB_RETENTION_HOURS", 72, minimum=1)
# A chunk running longer than this (its worker died) or pending this long is re-run by the sweep.
RISK_JOB_CHUNK_STALE_SECONDS = env_int("RISK_JOB_CHUNK_STALE_SECONDS", 600, minimum=30)
RISK_JOB_CHUNK_TIME_LIMIT_SECONDS = env_int("RISK_JOB_CHUNK_TIME_LIMIT_SECONDS", 300, minimum=30)
# The completion event lists at most this many critical plots (and counts them all).
RISK_JOB_EVENT_CRITICAL_MAX = 100

# --- EU Information System (V3 SOAP services) ------------------------------------
# Base address of the services; default the EU acceptance environment (Operator
# API Reference v1.0, 1.2.1). Production: https://eudr.webcloud.ec.europa.eu/tracesnt/
# Plain http is accepted only for a local fake on a loopback address.
EU_IS_ACCEPTANCE_URL = "https://acceptance.eudr.webcloud.ec.europa.eu/tracesnt/"
EU_IS_URL = env_url(
    "EU_IS_URL", FROM_MAKE_RUN.get("EU_IS_URL", EU_IS_ACCEPTANCE_URL), schemes=("http", "https")
)
# Where EU_IS_URL came from, for `manage.py eu_is_sync` to say: environment, make run or default.
EU_IS_URL_FROM = (
    "environment" if env_str("EU_IS_URL") else "make run" if "EU_IS_URL" in FROM_MAKE_RUN else "default"
)
_eu_is = urlsplit(EU_IS_URL)
if not _eu_is.hostname or _eu_is.query or _eu_is.fragment or _eu_is.username or _eu_is.password:
    raise ImproperlyConfigured("EU_IS_URL must be a base address: scheme, host, optional port and path only")
if _eu_is.scheme == "http" and _eu_is.hostname not in ("127.0.0.1", "::1", "localhost"):
    raise ImproperlyConfigured("EU_IS_URL must use https (http only for a local fake on loopback)")
if not EU_IS_URL.endswith("/"):
    EU_IS_URL += "/"
# The web-service users file of the local fake EU system that `make run` starts: set, the
# panel offers every account credentials of the local fake (eu_filing.credentials), so a new
# account files offline as the demo does. Never set in a deployment.
EU_FAKE_ACCOUNTS_FILE = env_str("EU_FAKE_ACCOUNTS_FILE", FROM_MAKE_RUN.get("EU_FAKE_ACCOUNTS_FILE"))
if EU_FAKE_ACCOUNTS_FILE and _eu_is.hostname not in ("127.0.0.1", "::1", "localhost"):
    raise ImproperlyConfigured("EU_FAKE_ACCOUNTS_FILE is for a local fake EU system on loopback only")
EU_IS_TIMEOUT_SECONDS = env_float("EU_IS_TIMEOUT_SECONDS", 30.0, minimum=0.1)
# The most one web request (the panel's credentials check) waits on the EU in total;
# workers (submission, polling) wait EU_IS_TIMEOUT_SECONDS per call.
EU_IS_REQUEST_BUDGET_SECONDS = env_float("EU_IS_REQUEST_BUDGET_SECONDS", 15.0, minimum=0.1)
# The EU allows 5 calls per second per calling IP (Operator API Reference 2.3.2);
# this paces one process. Lower it when several worker processes share one IP.
EU_IS_CALLS_PER_SECOND = env_float("EU_IS_CALLS_PER_SECOND", 5.0, minimum=0.01)
# A statement's geolocation may be 25 MB (Operator API Reference 2.4), Base64 adds a third.
EU_IS_MAX_RESPONSE_BYTES = env_int("EU_IS_MAX_RESPONSE_BYTES", 40 * 1024 * 1024, minimum=64 * 1024)
# First status check after a submission: the EU asks for at least 30 minutes (Operator
# API Reference 2.4). Lower only against the local fake (make run, tests).
EU_IS_FIRST_POLL_SECONDS = env_float(
    "EU_IS_FIRST_POLL_SECONDS", float(FROM_MAKE_RUN.get("EU_IS_FIRST_POLL_SECONDS", 30 * 60.0)), minimum=0.0
)
# A submission attempt in flight keeps other workers off for the client's deadline plus this.
EU_IS_ATTEMPT_MARGIN_SECONDS = env_float("EU_IS_ATTEMPT_MARGIN_SECONDS", 60.0, minimum=0.0)
# Broker queue for EU submission tasks; empty = the default queue.
EU_IS_QUEUE = env_str("EU_IS_QUEUE")

# Deprecated paths: one row per path prefix. Dates are ISO 8601 (UTC).
DEPRECATED_PATHS: list[dict[str, str]] = [
    {
        "path": "/v1/risk-score",
        "deprecated_at": "2026-01-01T00:00:00Z",
        "sunset": "2027-06-30T00:00:00Z",
        "successor": "/api/eudr/v1/risk-score",
        "documentation": "/api/docs/",
    },
]

# Deprecated request body forms, still accepted where they can be mapped; the view marks
# the request (eudr_service.lib.versioning.deprecated_body_mark). Sunset 12 months after.
DEPRECATED_BODIES: list[dict[str, str]] = [
    {
        # The filing body without the V3 fields (no `geolocation_confidential`): the body the
        # service accepted before the EU Information System V3 mapping (docs/eu-information-system.md).
        "body": "legacy-filing-body",
        "deprecated_at": "2026-11-23T00:00:00Z",
        "sunset": "2027-11-23T00:00:00Z",
        "successor": "/api/docs/#/dds/dds_generate",
        "documentation": "/api/docs/",
    },
]

# Versions on their way out: an answer in one of them that used a form its successor
# changed carries Deprecation and Sunset (eudr_service.lib.versioning). Twelve months,
# as the specification's deprecation policy (part 9) requires at least.
DEPRECATED_API_VERSIONS: list[dict[str, str]] = [
    {
        "version": "1.0",
        "deprecated_at": "2026-11-26T00:00:00Z",
        "sunset": "2027-11-26T00:00:00Z",
        "successor": "/api/schema/",
        "documentation": "/api/docs/",
    },
]

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.APIKeyAuthentication",
        # A signed-in panel user; DRF enforces CSRF on unsafe methods only.
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticated",
        "accounts.permissions.PlanFeaturePermission",
        "accounts.permissions.ModePolicyPermission",
    ],
    "DEFAULT_THROTTLE_CLASSES": ["accounts.limits.PlanQuotaThrottle"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["eudr_service.lib.json_parser.DepthLimitedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "eudr_service.lib.problems.problem_exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "EUDR compliance API",
    "DESCRIPTION": (
        "DDS verification, deforestation risk score, DDS filing, CSRD reports, "
        "badge widget and webhooks for Polish agricultural supply chains. "
        "Errors are application/problem+json (RFC 9457)."
    ),
    # The schema describes the latest version; every operation documents the
    # API-Version header with it as the default (eudr_service.lib.openapi).
    "VERSION": LATEST_API_VERSION,
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # The sidecar's bundle without its CDN logo (eudr_service.views.redoc_bundle).
    "REDOC_DIST": "/api/redoc/dist",
    "COMPONENT_SPLIT_REQUEST": True,
    # Enums whose field names are common words get names of their own, not `StateEnum`;
    # one name for a choice set used by fields of different names; the verify record's
    # additive fields (`operator_identity`, `role`, `basis`) named so the client's stay.
    "ENUM_NAME_OVERRIDES": {
        # eu_filing.models.UpstreamState and UpstreamOrigin (the API gives the codes only).
        "UpstreamStateEnum": ["valid", "withdrawn", "not_usable", "not_found", "unknown"],
        "UpstreamOriginEnum": ["recorded", "roster", "consignment", "own"],
        "AuthorisedFieldEnum": "suppliers.models.AUTHORISED_FIELDS",
        "OperatorIdentityEnum": ["confirmed", "unconfirmed"],
        "VerifyMandateOperatorIdentityEnum": [
            "verified_by_staff",
            "signed_authorisation_reviewed_by_staff",
            "declared_by_representative",
        ],
        "VerifyFiledByRoleEnum": ["operator", "authorised_representative"],
        "VerifyMandateBasisEnum": ["signed_document", "email_confirmation"],
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "eudr_service.lib.openapi.add_common_responses",
        "eudr_service.lib.openapi.group_operations",
    ],
}

# --- Celery ------------------------------------------------------------------
CELERY_BROKER_URL = env_url(
    "CELERY_BROKER_URL",
    FROM_MAKE_RUN.get("CELERY_BROKER_URL"),
    schemes=("redis", "rediss", "amqp", "amqps", "memory", "filesystem"),
)
if CELERY_BROKER_URL and CELERY_BROKER_URL.startswith("filesystem:"):
    # `make run`'s broker: message files in one folder (filesystem:///abs/folder) that the
    # web processes write and its Celery worker reads, so queued work leaves the request
    # as it does with Redis, with no server to install. kombu's transport, polled often:
    # a request waiting a moment for a small PDF should not wait a second for the poll.
    _broker_folder = Path(urlsplit(CELERY_BROKER_URL).path or VAR_DIR / "broker")
    for _sub in ("queue", "control"):
        (_broker_folder / _sub).mkdir(parents=True, exist_ok=True)
    # kombu's transport with whole message files (a half-written one stopped the worker).
    CELERY_BROKER_TRANSPORT = "eudr_service.lib.file_broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_folder / "queue"),
        "data_folder_out": str(_broker_folder / "queue"),
        "control_folder": str(_broker_folder / "control"),
        "store_processed": False,
        "polling_interval": 0.1,
    }
# Without a broker, tasks run in-process so the embedded mode needs nothing.
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", CELERY_BROKER_URL is None)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]

# Without a broker there is no celery beat: the web process runs the same schedule
# in a thread of its own (eudr_service/lib/scheduler.py). Off with a broker (beat's job).
EMBEDDED_SCHEDULER = env_bool("EMBEDDED_SCHEDULER", CELERY_TASK_ALWAYS_EAGER)
if EMBEDDED_SCHEDULER and not CELERY_TASK_ALWAYS_EAGER:
    raise ImproperlyConfigured("EMBEDDED_SCHEDULER is for the embedded mode (no broker); use celery beat")


# --- Upstream references (eu_filing.upstream) ----------------------------------------
# Every declaration an account relies on (its suppliers' own, its consignments', its own
# statements) is asked about again with verifyDeclaration this many hours after its last
# answer: a withdrawal at the EU is not announced to the holders of the numbers.
UPSTREAM_RECHECK_HOURS = env_float("UPSTREAM_RECHECK_HOURS", 24.0, minimum=0.01)
# References checked per run, the longest overdue first: a run of 100 takes 20 s of the EU's
# 5 calls a second. A run every minute (one indexed query when nothing is due) checks a new
# roster's declarations soon after the upload, and up to 144,000 references a day.
UPSTREAM_RECHECK_BATCH = env_int("UPSTREAM_RECHECK_BATCH", 100, minimum=1)
UPSTREAM_RECHECK_EVERY_SECONDS = env_float("UPSTREAM_RECHECK_EVERY_SECONDS", 60.0, minimum=10.0)

# --- Web panel (accounts) ----------------------------------------------------------
# Panel pages are Polish by default (LANGUAGE_CODE), English through the switch.
LOCALE_PATHS = [BASE_DIR / "locale"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "panel-dashboard"
LOGOUT_REDIRECT_URL = "login"

# --- CSRD reports (reports app) ------------------------------------------------
# POST /api/csrd/report waits this long for the PDF, then answers 202 with a Location to poll.
CSRD_SYNC_TIMEOUT_SECONDS = env_float("CSRD_SYNC_TIMEOUT_SECONDS", 20.0, minimum=0.0)
# Generated PDFs are kept this many days, then removed by the periodic task below.
CSRD_RETENTION_DAYS = env_int("CSRD_RETENTION_DAYS", 30, minimum=1)
# Hard limit of one rendering (the soft limit is 30 s earlier); includes ULDK parcel lookups.
CSRD_TASK_TIME_LIMIT_SECONDS = env_int("CSRD_TASK_TIME_LIMIT_SECONDS", 600, minimum=60)
CSRD_MAX_SUPPLIERS = 1000

# --- Request deadline --------------------------------------------------------------
# Every request is answered within this many seconds (503 problem+json `deadline_exceeded`
# on an API path; eudr_service/lib/deadline.py), well before gunicorn's `timeout` (60 s in
# gunicorn.conf.py, which refuses to start otherwise) kills the worker with an HTML page.
# It must leave room for the longest wait a request is allowed: the PDF waits above.
REQUEST_DEADLINE_SECONDS = env_float("REQUEST_DEADLINE_SECONDS", 45.0, minimum=1.0)
if max(CSRD_SYNC_TIMEOUT_SECONDS, DDS_PDF_SYNC_TIMEOUT_SECONDS) >= REQUEST_DEADLINE_SECONDS:
    raise ImproperlyConfigured(
        "REQUEST_DEADLINE_SECONDS must be above CSRD_SYNC_TIMEOUT_SECONDS and DDS_PDF_SYNC_TIMEOUT_SECONDS"
    )

# --- Webhooks (webhooks app) -----------------------------------------------------
# http:// URLs and loopback receivers, for local development and tests only.
WEBHOOKS_ALLOW_INSECURE = env_bool("WEBHOOKS_ALLOW_INSECURE", False)
if WEBHOOKS_ALLOW_INSECURE and not DEVELOPMENT:
    raise ImproperlyConfigured("WEBHOOKS_ALLOW_INSECURE is for development only; it needs DEBUG=1")
# Standard Webhooks schedule: delays after the 1st, 2nd, ... failed attempt.
_webhook_schedule = env_list(
    "WEBHOOKS_RETRY_SCHEDULE_SECONDS", ["5", "300", "1800", "7200", "18000", "36000", "36000"]
)
if not all(item.isdigit() and int(item) > 0 for item in _webhook_schedule):
    raise ImproperlyConfigured("WEBHOOKS_RETRY_SCHEDULE_SECONDS must be comma-separated positive integers")
WEBHOOKS_RETRY_SCHEDULE_SECONDS = [int(item) for item in _webhook_schedule]
WEBHOOKS_RETRY_JITTER = env_float("WEBHOOKS_RETRY_JITTER", 0.1, minimum=0.0)
WEBHOOKS_RETRY_AFTER_MAX_SECONDS = env_int("WEBHOOKS_RETRY_AFTER_MAX_SECONDS", 86400, minimum=1)
WEBHOOKS_SECRET_OVERLAP_HOURS = env_int("WEBHOOKS_SECRET_OVERLAP_HOURS", 24, minimum=0)
WEBHOOKS_FAILURE_DISABLE_DAYS = env_int("WEBHOOKS_FAILURE_DISABLE_DAYS", 5, minimum=1)
WEBHOOKS_MAX_ENDPOINTS = env_int("WEBHOOKS_MAX_ENDPOINTS", 20, minimum=1)
# Receivers listen on these ports only (https); no probing of other services through us.
_webhook_ports = env_list("WEBHOOKS_ALLOWED_PORTS", ["443", "8443"])
if not _webhook_ports or not all(p.isdigit() and 0 < int(p) < 65536 for p in _webhook_ports):
    raise ImproperlyConfigured("WEBHOOKS_ALLOWED_PORTS must be comma-separated TCP ports (1-65535)")
WEBHOOKS_ALLOWED_PORTS = [int(p) for p in _webhook_ports]
# A worker holds a delivery for the HTTP timeout plus this margin; after that a
# crashed worker's delivery is picked up again by the sweep.
WEBHOOKS_CLAIM_MARGIN_SECONDS = env_int("WEBHOOKS_CLAIM_MARGIN_SECONDS", 45, minimum=1)
# A due delivery whose broker message no worker took for this long is sent again.
WEBHOOKS_REQUEUE_AFTER_SECONDS = env_int("WEBHOOKS_REQUEUE_AFTER_SECONDS", 120, minimum=0)
# Retries due within this many seconds go on the broker with a countdown;
# later ones wait in the database for the sweep.
WEBHOOKS_SHORT_RETRY_SECONDS = env_int("WEBHOOKS_SHORT_RETRY_SECONDS", 60, minimum=0)
WEBHOOKS_SWEEP_SECONDS = env_int("WEBHOOKS_SWEEP_SECONDS", 30, minimum=1)
# A sender claims this many due deliveries at once and has this many requests in flight.
WEBHOOKS_BATCH_SIZE = env_int("WEBHOOKS_BATCH_SIZE", 100, minimum=1)
WEBHOOKS_SEND_THREADS = env_int("WEBHOOKS_SEND_THREADS", 16, minimum=1)
# A sender task hands over to a fresh one after this long (other tasks get their turn).
WEBHOOKS_TASK_MAX_SECONDS = env_int("WEBHOOKS_TASK_MAX_SECONDS", 60, minimum=1)
# At most one wake-up message waits on the broker for this long (then another may be sent).
WEBHOOKS_WAKE_DEDUPE_SECONDS = env_int("WEBHOOKS_WAKE_DEDUPE_SECONDS", 5, minimum=1)
# Per-account caps; above them sends are deferred to the next minute with room, never dropped.
WEBHOOKS_MAX_EVENTS_PER_MINUTE = env_int("WEBHOOKS_MAX_EVENTS_PER_MINUTE", 60, minimum=1)
WEBHOOKS_MAX_DELIVERIES_PER_MINUTE = env_int("WEBHOOKS_MAX_DELIVERIES_PER_MINUTE", 300, minimum=1)
# Broker queue for delivery tasks; empty = the default queue.
WEBHOOKS_QUEUE = env_str("WEBHOOKS_QUEUE")


# --- Widget (widget app) -----------------------------------------------------------
# How long browsers and proxies may keep /api/widget and /widget.js (they revalidate
# with the ETag afterwards).
WIDGET_CACHE_SECONDS = env_int("WIDGET_CACHE_SECONDS", 3600, minimum=0)

# --- Logging -----------------------------------------------------------------
# JSON lines (with request ids) for production log shippers; plain text in development.
LOG_FORMAT = env_str("LOG_FORMAT", "plain" if DEVELOPMENT else "json")
if LOG_FORMAT not in ("plain", "json"):
    raise ImproperlyConfigured("LOG_FORMAT must be plain or json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "eudr_service.lib.request_id.RequestIdLogFilter"}},
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
        "json": {"()": "eudr_service.lib.json_logging.JsonFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": LOG_FORMAT,
            "filters": ["request_id"],
        },
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.server": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        # WeasyPrint narrates every rendering step at INFO.
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
    },
}

# Mandate requests and the like. With EMAIL_HOST set they go out by SMTP (docs/deploy.md);
# in the embedded mode (no DATABASE_URL) they are written as .eml files under EMAIL_FILE_PATH
# (var/mail/, which make run names at start); otherwise to the log. EMAIL_BACKEND overrides.
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL exclude each other")
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20, minimum=1)
EMAIL_FILE_PATH = Path(env_str("EMAIL_FILE_PATH", str(VAR_DIR / "mail")))
if EMAIL_HOST:
    _EMAIL_DEFAULT = "django.core.mail.backends.smtp.EmailBackend"
elif not DATABASE_URL:
    _EMAIL_DEFAULT = "eudr_service.lib.mail.EmlFileBackend"
else:
    _EMAIL_DEFAULT = "django.core.mail.backends.console.EmailBackend"
EMAIL_BACKEND = env_str("EMAIL_BACKEND", _EMAIL_DEFAULT)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "no-reply@localhost")
# Per account and UTC day, counted in the database (every worker process sees one count):
# mandate request e-mails, and uploaded signed authorisations in number and bytes.
MANDATE_EMAILS_PER_DAY = env_int("MANDATE_EMAILS_PER_DAY", 500, minimum=1)
MANDATE_SCANS_PER_DAY = env_int("MANDATE_SCANS_PER_DAY", 200, minimum=1)
MANDATE_SCAN_BYTES_PER_DAY = env_int("MANDATE_SCAN_BYTES_PER_DAY", 100 * 1024 * 1024, minimum=1024 * 1024)

# Floats parsed here so a bad value fails at start-up (used by later apps).
OUTBOUND_HTTP_TIMEOUT_SECONDS = env_float("OUTBOUND_HTTP_TIMEOUT_SECONDS", 15.0, minimum=0.1)
# Circuit breakers of ULDK, the EU system and the forest-data publishers (state in the
# shared cache): open after this many failed calls in a row, answer 503 with Retry-After
# without calling, and let one probe through after the cool-down.
UPSTREAM_BREAKER_FAILURES = env_int("UPSTREAM_BREAKER_FAILURES", 5, minimum=1)
UPSTREAM_BREAKER_COOLDOWN_SECONDS = env_int("UPSTREAM_BREAKER_COOLDOWN_SECONDS", 30, minimum=1)

# Where accounts send the documents staff check before verifying an organisation
# or a mandate (shown on the panel's organisations page).
ORGANISATION_VERIFICATION_EMAIL = env_str("ORGANISATION_VERIFICATION_EMAIL", "verification@localhost")


# --- Periodic work (celery beat; the embedded scheduler runs the same table) ---------
# Every entry in one place, after the settings its intervals read. Each task is an app's
# sweep or maintenance: the row of work is on record, the entry only makes sure a lost
# message or a dead worker does not leave it behind.
CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    # Statements left SUBMITTED and unscreened (compliance.services).
    "dds-sweep-unscreened": {"task": "compliance.sweep_unscreened", "schedule": 60.0},
    "dds-documents-maintain": {"task": "compliance.maintain_dds_documents", "schedule": 120.0},
    # Supplier and customer records past their five-year retention (Article 5(4)).
    "trading-partners-purge": {"task": "compliance.trading_partner_records_purge", "schedule": 3600.0},
    # The EU outbox: submissions due a status check (each row carries its own next_poll_at, OPS 2.4),
    # and submissions a lost message or a crashed worker left unsent.
    "eu-submissions-poll": {"task": "eu_filing.submissions_poll", "schedule": 60.0},
    "eu-submissions-sweep": {"task": "eu_filing.submissions_sweep", "schedule": 120.0},
    "upstream-references-recheck": {
        "task": "eu_filing.upstream_references_recheck",
        "schedule": UPSTREAM_RECHECK_EVERY_SECONDS,
    },
    "risk-jobs-sweep": {"task": "risk.jobs_sweep", "schedule": 60.0},
    "risk-jobs-maintain": {"task": "risk.jobs_maintain", "schedule": 600.0},
    # Suppliers' mandate requests: expired links, and e-mails a lost task left unsent.
    "supplier-mandates-maintain": {"task": "suppliers.mandates_maintain", "schedule": 300.0},
    # Bulk filings no worker holds (a lost task, a killed worker's lapsed lease).
    "supplier-bulk-filings-sweep": {"task": "suppliers.bulk_filings_sweep", "schedule": 60.0},
    # The cache's per-account request counters copied into DailyUsage.
    "accounts-persist-usage": {"task": "accounts.persist_usage", "schedule": 300.0},
    "csrd-reports-maintain": {"task": "reports.maintain_csrd_reports", "schedule": 300.0},
    # Annual report PDFs whose message was lost or whose worker died (annual.services).
    "annual-pdfs-maintain": {"task": "annual.maintain_report_pdfs", "schedule": 300.0},
    "webhooks-sweep": {"task": "webhooks.sweep", "schedule": float(WEBHOOKS_SWEEP_SECONDS)},
}
