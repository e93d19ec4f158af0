"""An account's EU Information System credentials: tested with the EU before they are kept.

The test call, by environment (docs/eu-information-system.md, "Credentials"):

- acceptance: the echo service, `testEcho` (OPS 3.1: it confirms the UsernameToken, the
  WebServiceClientId header and connectivity);
- production, which has no echo service: OPS 3.1 (note) says to "use a real API call
  with restrictive filters - a successful empty response confirms credentials and network
  access". We ask `getDdsByInternalReference` for a reference no statement carries: an
  empty list, or the operation's only documented fault `NotFoundException` (OPS 4.1.2),
  means the EU authenticated the call; a WS-Security fault means it did not.

Three outcomes. The EU refuses the credentials (wrong key, unknown user, client id it
does not accept): `EuCredentialsRefused`, nothing is stored, the credentials stored
before stay as they were and held submissions stay held. The EU does not answer (network,
timeout, 5xx, throttling) or answers something we cannot read: they are stored "not yet
confirmed" with the reason; the first submission the EU accepts with them confirms them.
The EU accepts them: stored confirmed.
"""

from __future__ import annotations

import fcntl
import json
import os
import secrets
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import EuCredential, EuEnvironment, User
from accounts.services import eu_credential_set
from eu_filing.outbox import configured_environment, eu_submissions_release
from euis.client import EuisClient
from euis.errors import EuisAuthenticationError, EuisError, EuisNotFound
from euis.wsse import Credentials

# The check runs inside the web request that stores the credentials: it gets a short
# deadline of its own, never the submission worker's longer one.
CHECK_TIMEOUT_SECONDS = 10.0
# No statement can carry it: ours are DDS-/SD- ids and a random suffix makes a clash moot.
_PROBE_PREFIX = "CREDCHECK-"


class EuCredentialsRefused(Exception):
    """The EU refused the credentials; the message says so, with the EU's own words."""


@dataclass(frozen=True)
class CheckResult:
    confirmed: bool
    checked_at: datetime | None  # None: not checked (another environment than this service's)
    error: str = ""  # why not confirmed


def eu_credential_check(*, credentials: Credentials, environment: str) -> CheckResult:
    """One authenticated call with `credentials`; raise EuCredentialsRefused on an
    authentication fault. Bounded by CHECK_TIMEOUT_SECONDS."""
    client = EuisClient(
        credentials=credentials,
        timeout=min(CHECK_TIMEOUT_SECONDS, settings.EU_IS_TIMEOUT_SECONDS),
    )
    try:
        if environment == EuEnvironment.PRODUCTION:
            client.get_dds_by_internal_reference(_PROBE_PREFIX + secrets.token_hex(8).upper())
        else:
            client.echo("credentials check")
    except EuisNotFound:
        pass  # authenticated: the EU looked and found nothing, as it should
    except EuisAuthenticationError as exc:
        raise EuCredentialsRefused(
            _(
                "The EU Information System refused these credentials: check the EU Login "
                "username, the authentication key and the web service client id. "
                "Nothing was stored; credentials stored before are unchanged. The EU said: %(reason)s"
            )
            % {"reason": exc}
        ) from exc
    except EuisError as exc:
        return CheckResult(confirmed=False, checked_at=timezone.now(), error=str(exc))
    return CheckResult(confirmed=True, checked_at=timezone.now())


def eu_credential_store(
    *, account: User, username: str, authentication_key: str, client_id: str, environment: str
) -> EuCredential:
    """Test, then store (or replace) the account's credentials; raise EuCredentialsRefused
    and change nothing when the EU refuses them."""
    if environment == configured_environment():
        # Outside any transaction: no row is locked while the EU is asked.
        result = eu_credential_check(
            credentials=Credentials(
                username=username, authentication_key=authentication_key, client_id=client_id
            ),
            environment=environment,
        )
    else:
        # Never used by this service (outbox._usable_credential), so not sent anywhere.
        result = CheckResult(
            confirmed=False,
            checked_at=None,
            error=f"Not checked: this service uses the {configured_environment()} environment.",
        )
    with transaction.atomic():
        credential = eu_credential_set(
            account=account,
            username=username,
            authentication_key=authentication_key,
            client_id=client_id,
            environment=environment,
            confirmed_at=result.checked_at if result.confirmed else None,
            last_checked_at=result.checked_at,
            last_check_error=result.error,
        )
        eu_submissions_release(owner_id=account.pk)
    return credential


class LocalFakeUnavailable(Exception):
    """No local fake EU system runs beside this service (only `make run` starts one)."""


def eu_credential_local_fake(*, account: User) -> EuCredential:
    """Credentials of the local fake EU system for `account`, stored as its own.

    A web-service user is made for the account and appended to the fake's users file (the
    fake reads it again when it grows), then the credentials are checked with the fake's
    echo service and stored like any others: every account of `make run`, not only the
    demo, files offline and gets EU numbers. The fake is never the EU: the panel says so."""
    path = settings.EU_FAKE_ACCOUNTS_FILE
    if not path:
        raise LocalFakeUnavailable()
    username = f"local-{secrets.token_hex(6)}"
    key = secrets.token_urlsafe(24)
    line = json.dumps({"username": username, "authentication_key": key, "client_id": "eudr-test"}) + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # one whole line per writer, whichever process writes
        os.write(fd, line.encode())
    finally:
        os.close(fd)
    return eu_credential_store(
        account=account,
        username=username,
        authentication_key=key,
        client_id="eudr-test",
        environment=configured_environment(),
    )
