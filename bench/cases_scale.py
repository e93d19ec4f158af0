"""A database at scale: 1,000,000 statements with 3,000,000 plots across 10,000 accounts, one
of them holding 100,000, against a 10,000-statement database (58 accounts, one of 5,000).

Each database is made by PostgreSQL itself (INSERT ... SELECT over generate_series: a
million statements with their line, producer and three plots in about a minute), then
served by gunicorn with the production settings, both servers at once. The rows time, for
an ordinary account (about 90 statements on both) and for the large one: the owner's list
(first page, a page 20 pages deep, each filter), a statement's full record, the panel's
statement list (first page, 20 pages deep, oldest page), the panel's dashboard; and
verify's p99 over statements no cache has seen. Each row's ratio is to the same row, for
the same kind of account, on the small database, the two asked in turn.
"""

from __future__ import annotations

import html
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
# one fills it on the other), and its ordinary accounts hold as many statements as the
# large database's (88 and 90). Statement n goes to ordinary account n mod (accounts - 1):
# 57 and 9,999 share no factor with 2 or 10, so every ordinary account gets both
# commodities (n mod 2) and every status (n mod 10), in the same shares on both databases.
SCALES = {"10k": (10_000, 58, 5_000), "1m": (1_000_000, 10_000, 100_000)}
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


def _alternating_p50(targets: dict[str, tuple[str, dict[str, str]]], n: int) -> dict[str, float]:
    """p50 of each database's request, asked in turn (10k, 1M, 10k, ...) so that both see
    the same machine: a drift in load or CPU clock lands on both rows, not on one."""
    timings: dict[str, list[float]] = {label: [] for label in targets}
    for i in range(n + 2):
        for label, (url, headers) in targets.items():
            started = time.perf_counter()
            status, _, body = http(url, headers=headers)
            if status != 200:
                raise RuntimeError(f"{url} answered {status}: {body[:300]!r}")
            if i >= 2:  # two untimed: connections and caches warm
                timings[label].append((time.perf_counter() - started) * 1000)
    return {label: statistics.median(values) for label, values in timings.items()}


def _deep_list(base: str, headers: dict[str, str], pages: int) -> str:
    """The address of the list's page `pages` deep (50 a page) by following `next`, or of
    its last page when it has fewer."""
    url = f"{base}/api/eudr/dds/list?page_size=50"
    for _ in range(pages - 1):
        _, _, body = http(url, headers={**headers, "API-Version": "1.1"})
        following = json.loads(body)["next"]
        if following is None:
            break
        url = following.replace("https://eudr.example.com", base)
    return url


def _panel_deep(base: str, cookie: dict[str, str], pages: int) -> str:
    """The panel list's page `pages` deep, by following its Older links."""
    url = f"{base}/panel/statements/"
    for _ in range(pages - 1):
        _, _, body = http(url, headers=cookie)
        older = re.search(rb'<a href="(\?older=[^"]+)" rel="next"', body)
        if older is None:
            break
        url = f"{base}/panel/statements/{html.unescape(older.group(1).decode())}"
    return url


def _requests(base: str, creds: dict, account: str) -> dict[str, tuple[str, dict[str, str]]]:
    """Each row's request for the account on one server."""
    key = {"Authorization": f"Bearer {creds[account]['key']}", "API-Version": "1.1"}
    cookie = {"Cookie": f"sessionid={creds[account]['session']}"}
    _, _, first = http(f"{base}/api/eudr/dds/list?page_size=50", headers=key)
    newest = json.loads(first)["results"][0]["dds_id"]
    half_year = (datetime.now(UTC) - timedelta(days=180)).date().isoformat()
    lists = {
        "list, first page": "",
        "list, status AT_RISK": "&status=AT_RISK",
        "list, commodity coffee": "&commodity=kawa",
        "list, created after": f"&created_after={half_year}",
        "list, internal reference": "&internal_reference=PO-5",
    }
    rows = {name: (f"{base}/api/eudr/dds/list?page_size=50{query}", key) for name, query in lists.items()}
    rows["list, 20 pages deep"] = (_deep_list(base, key, 20), key)
    rows["retrieve"] = (f"{base}/api/eudr/v1/dds/{newest}", key)
    rows["panel list, first page"] = (f"{base}/panel/statements/", cookie)
    rows["panel list, 20 pages deep"] = (_panel_deep(base, cookie, 20), cookie)
    rows["panel list, oldest page"] = (f"{base}/panel/statements/?oldest=1", cookie)
    rows["panel dashboard"] = (f"{base}/panel/", cookie)
    return rows


def _verify_p99(bases: dict[str, tuple[str, int]], n: int) -> dict[str, float]:
    """p99 of verify over statements asked once each (so no cache has them), the
    databases asked in turn."""
    timings: dict[str, list[float]] = {label: [] for label in bases}
    for i in range(n):
        for label, (base, statements) in bases.items():
            number = 1 + i * max(1, statements // n)
            started = time.perf_counter()
            status, _, _ = http(f"{base}/api/v1/verify/DDS-PL-2026-S{number:07d}")
            if status != 200:
                raise RuntimeError(f"verify answered {status}")
            timings[label].append((time.perf_counter() - started) * 1000)
    return {label: statistics.quantiles(values, n=100)[98] for label, values in timings.items()}


# The large account's queries as the list and the panel send them (the first page of each;
# the panel's older pages add the same row comparison as its oldest page's reverse).
_EXPLAINED = {
    "list": "WHERE livemode AND owner_id = {owner} ORDER BY created_at DESC, id DESC LIMIT 51",
    "list AT_RISK": "WHERE livemode AND owner_id = {owner} AND status = 'AT_RISK' "
    "ORDER BY created_at DESC, id DESC LIMIT 51",
    "list coffee": "WHERE livemode AND owner_id = {owner} AND EXISTS (SELECT 1 FROM "
    "compliance_ddscommodity c WHERE c.statement_id = compliance_duediligencestatement.id "
    "AND c.code = 'coffee') ORDER BY created_at DESC, id DESC LIMIT 51",
    "panel, a page a month back": "WHERE owner_id = {owner} AND livemode "
    "AND created_at <= now() - interval '30 days' "
    "AND NOT (created_at = now() - interval '30 days' AND id >= 1) "
    "ORDER BY created_at DESC, id DESC LIMIT 51",
    "panel, oldest page": "WHERE owner_id = {owner} AND livemode ORDER BY created_at ASC, id ASC LIMIT 51",
}


def _explain(env: dict) -> str:
    """EXPLAIN ANALYZE of the large account's queries: the scan each uses and its time."""
    out = []
    with psycopg.connect(env["DATABASE_URL"]) as conn:
        for name, where in _EXPLAINED.items():
            sql = (
                "EXPLAIN (ANALYZE, COSTS OFF) SELECT id FROM compliance_duediligencestatement "
                + where.format(owner=LARGE_USER)
            )
            plan = [row[0] for row in conn.execute(sql)]
            scan = next((line.strip() for line in plan if "Scan" in line), "?")
            total = next((line.strip() for line in plan if line.startswith("Execution Time")), "?")
            out.append(f"{name}: {scan.split('(')[0].strip().removeprefix('->  ')}, {total}")
    return "; ".join(out)


def database_scale(ctx: Context) -> Measurement:
    n = ctx.scaled(31, 5)
    envs, notes = {}, []
    for label, (statements, accounts, large) in SCALES.items():
        envs[label], load_seconds = _database(ctx, f"eudr_bench_scale_{label}", statements, accounts, large)
        ordinary = (statements - large) / (accounts - 1)
        notes.append(
            f"{label}: {statements:,} statements ({large:,} in the large account, {ordinary:.0f} in an "
            f"ordinary one) loaded in {load_seconds:.0f} s"
        )
        notes.append(f"{label} large account, EXPLAIN ANALYZE: {_explain(envs[label])}")
    given = _CREDENTIALS % {"ordinary": USER_BASE + 1, "large": LARGE_USER}
    creds = {
        label: json.loads(manage(env, "shell", "-c", given).strip().splitlines()[-1])
        for label, env in envs.items()
    }
    measured: dict[str, dict[str, float]] = {}
    # Both servers up at once, asked in turn (see _alternating_p50).
    with server(envs["10k"], ctx.gunicorn_config) as small, server(envs["1m"], ctx.gunicorn_config) as big:
        bases = {"10k": small.base_url, "1m": big.base_url}
        for account in ("ordinary", "large"):
            requests = {label: _requests(base, creds[label], account) for label, base in bases.items()}
            for label in bases:
                measured[f"{label} {account}"] = {}
            for row in requests["10k"]:
                p50 = _alternating_p50({label: requests[label][row] for label in bases}, n)
                for label, value in p50.items():
                    measured[f"{label} {account}"][row] = value
        verify = _verify_p99(
            {label: (bases[label], SCALES[label][0]) for label in bases}, ctx.scaled(300, 60)
        )
    for label in bases:
        for account in ("ordinary", "large"):
            measured[f"{label} {account}"]["verify p99"] = verify[label]
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
        "; ".join(notes) + f"; worst: {worst_row} ({worst:.2f}×); p50 ms (verify: p99) of {n} requests "
        f"each, the two databases asked in turn, 10k / 1M: {table}"
    )
    return m
