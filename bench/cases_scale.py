"""A database at scale: 1,000,000 statements with 3,000,000 plots across 10,000 accounts, one
of them holding 100,000, against a 10,000-statement database (100 accounts, one of 5,000).

Each database is made by PostgreSQL itself (INSERT ... SELECT over generate_series: a
million statements with their line, producer and three plots in about a minute), then
served by gunicorn with the production settings. The rows time, for an ordinary account
(100 statements) and for the large one: the owner's list (first page, a page 20 pages
deep, each filter), a statement's full record, the panel's statement list (first and last
page), the panel's dashboard; and verify's p99 over statements no cache has seen. Each
row's ratio is to the same row, for the same kind of account, on the small database.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from datetime import UTC, datetime, timedelta

import psycopg
from core import Context
from harness import PG_ADMIN, Measurement, http, manage, server

PLOTS_PER_STATEMENT = 3
# statements, accounts, the large account's share: the 10k database holds a large account
# too (5,000), so each account's rows compare like with like (a filter that fills a page on
# one fills it on the other).
SCALES = {"10k": (10_000, 100, 5_000), "1m": (1_000_000, 10_000, 100_000)}
USER_BASE, LARGE_USER = 3_000_000, 3_000_000  # account ids: the large account is the first


def _sql(statements: int, accounts: int, large: int) -> list[str]:
    ordinary = accounts - (1 if large else 0)
    first_ordinary = USER_BASE + (1 if large else 0)
    owner = (
        f"CASE WHEN n <= {large} THEN {LARGE_USER} ELSE {first_ordinary} + (n % {ordinary}) END"
        if large
        else f"{first_ordinary} + (n % {ordinary})"
    )
    return [
        f"""INSERT INTO accounts_user (id, password, is_superuser, first_name, last_name, organisation,
            email, is_staff, is_active, date_joined, plan_id)
            SELECT {USER_BASE} + n, '!', false, '', '', '', 'scale' || n || '@example.com', false, true,
            now(), 'enterprise' FROM generate_series(0, {accounts - 1}) n""",
        # Newest first is statement 1; 80 % COMPLIANT, 10 % UNDER_REVIEW, 10 % AT_RISK; half soya,
        # half coffee; one a minute over the past (a million minutes: two years).
        f"""INSERT INTO compliance_duediligencestatement (dds_id, operator_name, commodity,
            country_of_production, status, risk_level, eu_reference_number, eu_verification_number,
            created_at, updated_at, owner_id, activity, internal_reference, operator_address,
            operator_country, operator_eori, operator_nip, attested_declaration, attested_legality,
            declaration_version, operator_role, signatory_function, signatory_name, status_reasons,
            status_rule, livemode, filing_kind, operator_size, geolocation_confidential,
            border_cross_country, operator_email, operator_phone, grouped_declarations, verified_at,
            valid_until)
            SELECT 'DDS-PL-2026-S' || lpad(n::text, 7, '0'), 'Gospodarstwo ' || n,
            CASE WHEN n % 2 = 0 THEN 'soja' ELSE 'kawa' END, 'PL',
            CASE n % 10 WHEN 3 THEN 'UNDER_REVIEW' WHEN 7 THEN 'AT_RISK' ELSE 'COMPLIANT' END, 'low', '', '',
            now() - (n || ' minutes')::interval, now(), {owner}, 'domestic', 'PO-' || n, 'ul. Polna 1',
            'PL', '', '', true, true, 'v1', 'operator', 'Prezes', 'Anna Nowak', '[]', 'article_13_low_risk',
            true, 'dds', '', false, '', '', '', '[]', now() - (n || ' minutes')::interval,
            now() + interval '300 days'
            FROM generate_series(1, {statements}) n""",
        """INSERT INTO compliance_ddscommodity (position, code, description, hs_heading,
            country_of_production, statement_id, species, supplementary_unit_qualifier, net_mass_kg)
            SELECT 0, CASE WHEN commodity = 'soja' THEN 'soya' ELSE 'coffee' END, 'Towar',
            CASE WHEN commodity = 'soja' THEN '1201' ELSE '0901' END, 'PL', id, '[]', '', 25000
            FROM compliance_duediligencestatement""",
        """INSERT INTO compliance_ddsproducer (position, name, country, is_operator, commodity_id)
            SELECT 0, '', 'PL', true, id FROM compliance_ddscommodity""",
        f"""INSERT INTO compliance_ddsplot (position, kind, parcel_id, risk_level, screening_error,
            commodity_id, finding, address_city, address_postal_code, address_street, producer_id,
            reference, geometry, area_ha)
            SELECT p, 'point', '', 'low', '', c.id, 'article_13_low_risk', '', '', '', pr.id, '',
            jsonb_build_object('type', 'Point', 'coordinates',
                jsonb_build_array(19.0 + (c.id % 1000) / 1000.0, 51.0 + p / 100.0)), 2.5
            FROM compliance_ddscommodity c JOIN compliance_ddsproducer pr ON pr.commodity_id = c.id
            CROSS JOIN generate_series(0, {PLOTS_PER_STATEMENT - 1}) p""",
        # What autovacuum would have done by the time a table is this size: statistics and the
        # visibility map (index-only scans).
        "VACUUM ANALYZE",
    ]


def _database(ctx: Context, name: str, statements: int, accounts: int, large: int) -> tuple[dict, float]:
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    env = {**ctx.env, "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{name}"}
    manage(env, "migrate", "--noinput", "-v", "0")
    started = time.perf_counter()
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        for statement in _sql(statements, accounts, large):
            conn.execute(statement)
    return env, time.perf_counter() - started


_CREDENTIALS = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from accounts.models import User
from accounts.services import api_key_create
out = {}
for label, user_id in (("ordinary", %(ordinary)d), ("large", %(large)d)):
    user = User.objects.get(pk=user_id)
    _, key = api_key_create(user=user, name="scale bench")
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    out[label] = {"key": key, "session": session.session_key}
print(json.dumps(out))
"""


def _p50(url: str, headers: dict[str, str], n: int) -> float:
    timings = []
    for i in range(n + 2):
        started = time.perf_counter()
        status, _, body = http(url, headers=headers)
        if status != 200:
            raise RuntimeError(f"{url} answered {status}: {body[:300]!r}")
        if i >= 2:  # two untimed: connections and caches warm
            timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings)


def _deep_list(base: str, headers: dict[str, str], pages: int) -> str:
    """The address of the list's page `pages` deep (50 a page) by following `next`, or of
    its last page when it has fewer (an ordinary account's second)."""
    url = f"{base}/api/eudr/dds/list?page_size=50"
    for _ in range(pages - 1):
        _, _, body = http(url, headers={**headers, "API-Version": "1.1"})
        following = json.loads(body)["next"]
        if following is None:
            break
        url = following.replace("https://eudr.example.com", base)
    return url


def _rows(base: str, creds: dict, account: str, n: int) -> dict[str, float]:
    key = {"Authorization": f"Bearer {creds[account]['key']}", "API-Version": "1.1"}
    cookie = {"Cookie": f"sessionid={creds[account]['session']}"}
    _, _, first = http(f"{base}/api/eudr/dds/list?page_size=50", headers=key)
    newest = json.loads(first)["results"][0]["dds_id"]
    _, _, panel = http(f"{base}/panel/statements/", headers=cookie)
    last_page = max(int(p) for p in [*re.findall(rb"page=(\d+)", panel), b"1"])
    half_year = (datetime.now(UTC) - timedelta(days=180)).date().isoformat()
    lists = {
        "list, first page": "",
        "list, status AT_RISK": "&status=AT_RISK",
        "list, commodity coffee": "&commodity=kawa",
        "list, created after": f"&created_after={half_year}",
        "list, internal reference": "&internal_reference=PO-5",
    }
    rows = {
        name: _p50(f"{base}/api/eudr/dds/list?page_size=50{query}", key, n) for name, query in lists.items()
    }
    rows["list, 20 pages deep"] = _p50(_deep_list(base, key, 20), key, n)
    rows["retrieve"] = _p50(f"{base}/api/eudr/v1/dds/{newest}", key, n)
    rows["panel list, first page"] = _p50(f"{base}/panel/statements/", cookie, n)
    rows["panel list, last page"] = _p50(f"{base}/panel/statements/?page={last_page}", cookie, n)
    rows["panel dashboard"] = _p50(f"{base}/panel/", cookie, n)
    return rows


def _verify_p99(base: str, statements: int, n: int) -> float:
    """p99 of verify over statements asked once each (so no cache has them)."""
    step = max(1, statements // n)
    timings = []
    for number in range(1, statements, step)[:n]:
        started = time.perf_counter()
        status, _, _ = http(f"{base}/api/v1/verify/DDS-PL-2026-S{number:07d}")
        if status != 200:
            raise RuntimeError(f"verify answered {status}")
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.quantiles(timings, n=100)[98]


def _explain(env: dict) -> str:
    """EXPLAIN ANALYZE of the large account's first list page: what the index buys."""
    sql = (
        "EXPLAIN (ANALYZE, COSTS OFF) SELECT id FROM compliance_duediligencestatement WHERE livemode "
        f"AND owner_id = {LARGE_USER} ORDER BY created_at DESC, id DESC LIMIT 51"
    )
    with psycopg.connect(env["DATABASE_URL"]) as conn:
        plan = [row[0] for row in conn.execute(sql)]
    scan = next((line.strip() for line in plan if "Scan" in line), "?")
    total = next((line.strip() for line in plan if line.startswith("Execution Time")), "?")
    return f"{scan.split('(')[0].strip()}, {total}"


def database_scale(ctx: Context) -> Measurement:
    n = ctx.scaled(15, 3)
    measured: dict[str, dict[str, float]] = {}
    notes = []
    for label, (statements, accounts, large) in SCALES.items():
        env, load_seconds = _database(ctx, f"eudr_bench_scale_{label}", statements, accounts, large)
        given = _CREDENTIALS % {"ordinary": USER_BASE + 1, "large": LARGE_USER}
        creds = json.loads(manage(env, "shell", "-c", given).strip().splitlines()[-1])
        with server(env, ctx.gunicorn_config) as srv:
            measured[f"{label} ordinary"] = _rows(srv.base_url, creds, "ordinary", n)
            measured[f"{label} large"] = _rows(srv.base_url, creds, "large", n)
            verify = _verify_p99(srv.base_url, statements, ctx.scaled(300, 60))
        for account in ("ordinary", "large"):
            measured[f"{label} {account}"]["verify p99"] = verify
        notes.append(
            f"{label}: {statements:,} statements ({large:,} in the large account) in {load_seconds:.0f} s"
        )
        notes.append(f"{label} large account's first page: {_explain(env)}")
    m = Measurement()
    worst, worst_row = 0.0, ""
    for account in ("ordinary", "large"):
        base, big = measured[f"10k {account}"], measured[f"1m {account}"]
        for row, value in big.items():
            ratio = value / base[row]
            m.values[f"{account}: {row}"] = ratio
            if ratio > worst:
                worst, worst_row = ratio, f"{account} account, {row}"
    m.values["worst_ratio"] = worst
    table = "; ".join(
        f"{row}: {measured['10k ordinary'][row]:.1f} / {measured['1m ordinary'][row]:.1f} ordinary, "
        f"{measured['10k large'][row]:.1f} / {measured['1m large'][row]:.1f} large"
        for row in measured["10k ordinary"]
    )
    m.notes = (
        "; ".join(notes) + f"; worst: {worst_row} ({worst:.2f}×); p50 ms (verify: p99), 10k / 1M: {table}"
    )
    return m
