"""Bench helper, run by bench/cases_webhooks.py in a subprocess with the app's env.

setup:  register a webhook endpoint for the demo account at --url (risk.critical only).
emit:   emit --count risk.critical events for the demo account, each in its own
        transaction, as fast as possible or paced at --rate per second; write
        {event_id: unix time of its commit} to --out.
wake:   put one sender wake-up on WEBHOOKS_QUEUE (after a backlog was emitted elsewhere).
delete: remove the demo account's endpoints at --url (and their deliveries).
Needs DEBUG=1 and WEBHOOKS_ALLOW_INSECURE=1: the receiver is http on loopback.
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

from django.db import transaction  # noqa: E402
from django.db.models import Avg, Count  # noqa: E402

from accounts.models import User  # noqa: E402
from webhooks import services  # noqa: E402
from webhooks.models import DeliveryAttempt, Endpoint  # noqa: E402

DEMO_EMAIL = "demo@operator.example"


def setup(url: str) -> None:
    owner = User.objects.get(email=DEMO_EMAIL)
    Endpoint.objects.filter(owner=owner, url=url).delete()
    services.endpoint_create(owner=owner, url=url, events=["risk.critical"])


def emit(count: int, out: Path, start_at: float, rate: float = 0.0) -> None:
    owner = User.objects.get(email=DEMO_EMAIL)
    # The parallel emitters start together, whenever each finished django.setup().
    time.sleep(max(0.0, min(start_at - time.time(), 60)))
    began = time.monotonic()
    commits: dict[str, float] = {}
    for i in range(count):
        if rate:  # paced: event i is due i/rate seconds after the start (no catching up in bursts)
            time.sleep(max(0.0, began + i / rate - time.monotonic()))
        committed: list[float] = []
        with transaction.atomic():
            # Registered before event_emit's own hook, so it runs first, right after COMMIT
            # and before the send is put on the broker.
            transaction.on_commit(lambda into=committed: into.append(time.time()))
            event = services.event_emit(
                owner=owner,
                livemode=True,
                event_type="risk.critical",
                data={
                    "subject": {"kind": "location", "lat": 52.0, "lng": 20.5, "batch_index": i},
                    "risk_level": "critical",
                    "score": 95,
                    "bench": True,
                },
            )
        commits[event.public_id] = committed[0]
    out.write_text(json.dumps(commits))


def delete(url: str) -> None:
    """Print the app's own record of the attempts (HTTP time per POST), then delete."""
    attempts = DeliveryAttempt.objects.filter(
        delivery__endpoint__owner__email=DEMO_EMAIL, delivery__endpoint__url=url
    )
    stats = attempts.aggregate(n=Count("id"), http_ms=Avg("duration_ms"))
    print(json.dumps({"attempts": stats["n"], "http_ms_avg": float(stats["http_ms"] or 0)}))
    Endpoint.objects.filter(owner__email=DEMO_EMAIL, url=url).delete()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("action", choices=["setup", "emit", "wake", "delete"])
    parser.add_argument("--url")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--start-at", type=float, default=0.0, help="unix time to begin emitting")
    parser.add_argument("--rate", type=float, default=0.0, help="events per second (0: as fast as possible)")
    args = parser.parse_args()
    if args.action == "setup":
        setup(args.url)
    elif args.action == "emit":
        emit(args.count, args.out, args.start_at, args.rate)
    elif args.action == "wake":
        services.deliveries_wake(force=True)
    else:
        delete(args.url)


if __name__ == "__main__":
    main()
