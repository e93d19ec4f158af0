"""Standard Webhooks payloads, secrets and signatures.

The `webhook-id` is the event id, the same on every attempt and redelivery,
so receivers can drop duplicates. While a rotated secret overlaps, the
signature header carries one signature per secret, newest first.
"""

from __future__ import annotations

import base64
import json
import secrets
from datetime import UTC, datetime
from typing import Any

from standardwebhooks.webhooks import Webhook

from eudr_service.lib.timestamps import iso_millis
from webhooks.models import Event

SECRET_PREFIX = "whsec_"
USER_AGENT = "EUDR-Webhooks/1.0"


def secret_generate() -> str:
    """A fresh `whsec_<base64 of 32 random bytes>` signing secret."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def event_payload(event: Event) -> dict[str, Any]:
    return {
        "id": event.public_id,
        "type": event.type,
        "created_at": iso_millis(event.created_at),
        # The event's mode on every event (data of older events may lack it).
        "livemode": event.livemode,
        "data": event.data,
    }


def event_body(event: Event) -> str:
    """The exact body we sign and send; identical on every attempt."""
    return json.dumps(event_payload(event), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def signed_headers(*, signing_secrets: list[str], msg_id: str, body: str, now: datetime) -> dict[str, str]:
    # The timestamp is whole seconds, as the signed content carries it.
    timestamp = datetime.fromtimestamp(int(now.timestamp()), tz=UTC)
    signature = " ".join(
        Webhook(s).sign(msg_id=msg_id, timestamp=timestamp, data=body) for s in signing_secrets
    )
    return {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(timestamp.timestamp())),
        "webhook-signature": signature,
    }
