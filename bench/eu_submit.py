"""Bench helper, run by bench/cases_eu.py in a subprocess with the app's env (EU_IS_URL = the fake).

setup: store the fake's credentials for the demo account.
file:  file --count COMPLIANT statements (one point plot each) for the demo account,
       each in its own transaction (which records its EU submission); write
       {dds_id: unix time of its commit} to --out.
wait:  send the poll task to EU_IS_QUEUE every second (what beat does) until every
       statement in --ids is final at the EU, or --timeout; print
       {dds_id: unix time the EU status became AVAILABLE} as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eudr_service.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import transaction  # noqa: E402

from accounts.models import User  # noqa: E402
from accounts.services import eu_credential_set  # noqa: E402
from compliance.models import DDSCommodity, DDSPlot, DDSStatus  # noqa: E402
from compliance.services import dds_create, dds_transition  # noqa: E402
from eu_filing.models import EuStatusChange, EuSubmission  # noqa: E402
from eu_filing.tasks import eu_submissions_poll_task  # noqa: E402

DEMO_EMAIL = "demo@operator.example"


def setup() -> None:
    owner = User.objects.get(email=DEMO_EMAIL)
    eu_credential_set(
        account=owner,
        username="demo-operator",
        authentication_key="demo-authentication-key",
        client_id="eudr-test",
        environment="acceptance",
    )


def file(count: int, out: Path) -> None:
    owner = User.objects.get(email=DEMO_EMAIL)
    commits: dict[str, float] = {}
    for index in range(count):
        with transaction.atomic():
            statement = dds_create(
                owner=owner,
                operator_name="Gospodarstwo Rolne Bench",
                commodity="soja",
                country_of_production="PL",
                activity="domestic",
                operator_country="PL",
            )
            line = DDSCommodity.objects.create(
                statement=statement,
                position=0,
                code="soya",
                description="Soja ziarno",
                hs_heading="1201",
                net_mass_kg="25000",
                # Outside customs a net mass comes with its estimate or deviation (euis.quantities).
                percentage_estimation_or_deviation="5",
                country_of_production="PL",
            )
            DDSPlot.objects.create(
                commodity=line,
                producer=line.operator_producer(),
                position=0,
                kind="point",
                geometry={"type": "Point", "coordinates": [21.05 + index / 10_000, 52.25]},
                area_ha="2.5",
            )
            dds_transition(statement=statement, to_status=DDSStatus.SUBMITTED, reason="bench")
            # Screening is measured elsewhere: the bench measures the EU path.
            dds_transition(statement=statement, to_status=DDSStatus.COMPLIANT, reason="bench")
        commits[statement.dds_id] = time.time()
    out.write_text(json.dumps(commits))


def wait(ids: list[str], timeout: float) -> None:
    options = {"queue": settings.EU_IS_QUEUE} if settings.EU_IS_QUEUE else {}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pending = EuSubmission.objects.filter(statement__dds_id__in=ids).exclude(state="final").count()
        if not pending:
            break
        eu_submissions_poll_task.apply_async(**options)
        time.sleep(1.0)
    available = EuStatusChange.objects.filter(submission__statement__dds_id__in=ids, to_status="AVAILABLE")
    print(
        json.dumps(
            {
                c.submission.statement.dds_id: c.changed_at.timestamp()
                for c in available.select_related("submission__statement")
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["setup", "file", "wait"])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--ids", type=Path, help="the JSON written by `file`")
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    if args.command == "setup":
        setup()
    elif args.command == "file":
        file(args.count, args.out)
    else:
        wait(list(json.loads(args.ids.read_text())), args.timeout)


if __name__ == "__main__":
    main()
