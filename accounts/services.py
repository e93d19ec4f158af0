"""Account services: API keys, and the organisations an account may file for."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.dispatch import Signal
from django.utils import timezone

from accounts import keys
from accounts.models import (
    APIKey,
    EuCredential,
    Mandate,
    Organisation,
    Plan,
    UpgradeRequest,
    UpgradeRequestStatus,
    User,
)


class TooManyKeys(Exception):
    """The account already holds API_KEYS_MAX_PER_ACCOUNT usable keys."""


@transaction.atomic
def api_key_create(
    *, user: User, name: str, expires_at: datetime | None = None, livemode: bool = True
) -> tuple[APIKey, str]:
    """Create a key and return it with its plaintext, which is never stored.

    `livemode=False` makes a sandbox key (`eudr_test_`); live and test keys
    share the cap.

    The cap is checked under a lock on the user's row, taken by writing it: a
    no-op UPDATE locks the row in PostgreSQL and the whole database in SQLite,
    so parallel creations wait for each other and a count can never go stale.
    """
    User.objects.filter(pk=user.pk).update(email=F("email"))
    usable = APIKey.objects.filter(user=user, revoked_at__isnull=True).count()
    if usable >= settings.API_KEYS_MAX_PER_ACCOUNT:
        raise TooManyKeys(
            f"An account may hold at most {settings.API_KEYS_MAX_PER_ACCOUNT} keys; revoke one first."
        )
    new = keys.generate_key(livemode=livemode)
    api_key = APIKey.objects.create(
        user=user,
        name=name,
        prefix=new.lookup,
        secret_hash=new.secret_hash,
        expires_at=expires_at,
        livemode=livemode,
    )
    return api_key, new.plaintext


def api_key_authenticate(*, plaintext: str) -> APIKey | None:
    """The usable key matching `plaintext`, or None. One query, constant-time compare."""
    lookup = keys.parse_lookup(plaintext)
    if lookup is None:
        return None
    api_key = APIKey.objects.select_related("user__plan").filter(prefix=lookup).first()
    if api_key is None:
        # Spend the same hashing work as a real check so timing does not
        # reveal whether a prefix exists.
        keys.key_matches(plaintext, "0" * 64)
        return None
    if not keys.key_matches(plaintext, api_key.secret_hash):
        return None
    if not api_key.is_usable() or not api_key.user.is_active:
        return None
    api_key.touch()
    return api_key


@transaction.atomic
def user_get_or_create_with_plan(*, email: str, plan_code: str) -> tuple[User, bool]:
    plan = Plan.objects.get(code=plan_code)
    user = User.objects.filter(email__iexact=email).first()
    created = user is None
    if created:
        user = User.objects.create_user(email=email, plan=plan)
        user.set_unusable_password()
        user.save(update_fields=["password"])
    elif user.plan_id != plan.code:
        user.plan = plan
        user.save(update_fields=["plan"])
    return user, created


class UpgradeRequestRefused(Exception):
    """The request cannot be made or decided (a reason for the user or staff)."""


@transaction.atomic
def upgrade_request_create(*, account: User, requested_plan: Plan, message: str = "") -> UpgradeRequest:
    """Record a request to move `account` to `requested_plan`; staff decide it.

    One pending request per account (a database constraint too); the row is
    locked like api_key_create's so two parallel posts cannot both pass."""
    User.objects.filter(pk=account.pk).update(email=F("email"))
    if not requested_plan.requestable:
        raise UpgradeRequestRefused("This plan cannot be requested.")
    if requested_plan.code == account.plan_id:
        raise UpgradeRequestRefused("The account is already on this plan.")
    if UpgradeRequest.objects.filter(account=account, status=UpgradeRequestStatus.PENDING).exists():
        raise UpgradeRequestRefused("A request is already waiting for a decision.")
    return UpgradeRequest.objects.create(
        account=account, from_plan_id=account.plan_id, requested_plan=requested_plan, message=message
    )


@transaction.atomic
def upgrade_request_decide(*, request_id: int, approve: bool, by: User) -> UpgradeRequest:
    """Approve (the account moves to the requested plan) or reject a pending
    request, recording who decided and when, in one transaction."""
    if not by.is_staff:
        raise UpgradeRequestRefused("Only staff decide upgrade requests.")
    upgrade = UpgradeRequest.objects.select_for_update().get(pk=request_id)
    if upgrade.status != UpgradeRequestStatus.PENDING:
        raise UpgradeRequestRefused(f"Request {upgrade.pk} was already {upgrade.status}.")
    upgrade.status = UpgradeRequestStatus.APPROVED if approve else UpgradeRequestStatus.REJECTED
    upgrade.decided_by = by
    upgrade.decided_at = timezone.now()
    upgrade.save(update_fields=["status", "decided_by", "decided_at"])
    if approve:
        User.objects.filter(pk=upgrade.account_id).update(plan=upgrade.requested_plan_id)
    return upgrade


class OperatorRole:
    """How an account stands to the operator named in a filing; the EU
    Information System knows both (an authorised representative files with
    the represented operator's identity)."""

    OPERATOR = "operator"
    AUTHORISED_REPRESENTATIVE = "authorised_representative"


@dataclass(frozen=True)
class OperatorMatch:
    organisation: Organisation | None
    role: str  # OperatorRole; OPERATOR when nothing matched (the account names itself)


def organisation_identifiers_agree(organisation: Organisation, *, nip: str = "", eori: str = "") -> bool:
    """Every identifier a filing gives is the organisation's own, as staff recorded it.

    An identifier the organisation has no record of cannot be checked, so it does
    not agree: a filing with a company's NIP and an EORI staff never saw is not
    that company's. A filing that gives no identifier agrees with nothing."""
    if not nip and not eori:
        return False
    if nip and nip != organisation.nip.strip():
        return False
    return not eori or eori.strip().upper() == organisation.eori.strip().upper()


def organisation_match(*, account: User, nip: str = "", eori: str = "") -> OperatorMatch:
    """The organisation of `account` (its own, or one it holds a mandate for)
    whose identifiers agree with every one the filing gives (NIP and EORI).

    One identifier is not enough when the filing gives two: its own EORI with
    another company's NIP matches nothing, so the statement's operator is
    unconfirmed. Another account's organisation never matches either."""
    if not nip and not eori:
        return OperatorMatch(None, OperatorRole.OPERATOR)
    identity = Q()
    if nip:
        identity &= Q(nip=nip)
    if eori:
        identity &= Q(eori__iexact=eori)
    own = Organisation.objects.filter(identity, account=account).order_by("-verified_at", "id").first()
    if own is not None:
        return OperatorMatch(own, OperatorRole.OPERATOR)
    mandate = (
        Mandate.objects.select_related("organisation")
        .filter(account=account, organisation__in=Organisation.objects.filter(identity))
        .order_by("-verified_at", "id")
        .first()
    )
    if mandate is not None:
        return OperatorMatch(mandate.organisation, OperatorRole.AUTHORISED_REPRESENTATIVE)
    return OperatorMatch(None, OperatorRole.OPERATOR)


def organisation_identity_confirmed(
    *,
    account_id: int,
    organisation: Organisation | None,
    role: str,
    nip: str = "",
    eori: str = "",
    now: datetime | None = None,
) -> bool:
    """True only when staff verified the organisation, every identifier the statement
    gives (`nip`, `eori`) is still the organisation's, and, for a representative, the
    account's mandate for it is verified and current.

    The identifiers are checked again here, not only when filing: staff may correct an
    organisation's record later, and a statement matched before must not stay green."""
    if organisation is None or not organisation.is_verified:
        return False
    if not organisation_identifiers_agree(organisation, nip=nip, eori=eori):
        return False
    if role == OperatorRole.OPERATOR:
        return organisation.account_id == account_id
    mandate = Mandate.objects.filter(account_id=account_id, organisation=organisation).first()
    return mandate is not None and mandate.is_active(now)


# Sent (inside the transaction) when staff confirm an organisation as an authorised
# representative or withdraw that, with `organisation`: what the public record of every
# declaration it filed for a represented operator says changes with it (compliance listens).
representative_confirmation_changed = Signal()


class RepresentativeRefused(ValueError):
    """The organisation cannot be confirmed as a representative (a reason for staff)."""


@transaction.atomic
def representative_confirm(*, organisation: Organisation, by: User) -> Organisation:
    """Staff confirm an account's own organisation as an authorised representative, once for
    all the operators it files for (Article 6). Confirming also verifies the organisation if
    staff had not yet: the action is taken after the same registry check."""
    if not by.is_staff:
        raise RepresentativeRefused("Only staff confirm a representative.")
    if organisation.account_id is None:
        raise RepresentativeRefused(
            f"{organisation} is a represented operator, not an account's own organisation."
        )
    locked = Organisation.objects.select_for_update().get(pk=organisation.pk)
    if locked.representative_confirmed_at is not None and locked.verified_at is not None:
        return locked
    now = timezone.now()
    if locked.verified_at is None:
        locked.verified_at, locked.verified_by = now, by
    locked.representative_confirmed_at, locked.representative_confirmed_by = now, by
    locked.save(
        update_fields=[
            "verified_at",
            "verified_by",
            "representative_confirmed_at",
            "representative_confirmed_by",
        ]
    )
    representative_confirmation_changed.send(sender=Organisation, organisation=locked)
    return locked


@transaction.atomic
def representative_confirmation_withdraw(*, organisation: Organisation, by: User) -> Organisation:
    if not by.is_staff:
        raise RepresentativeRefused("Only staff withdraw a representative's confirmation.")
    locked = Organisation.objects.select_for_update().get(pk=organisation.pk)
    if locked.representative_confirmed_at is None:
        return locked
    locked.representative_confirmed_at, locked.representative_confirmed_by = None, None
    locked.save(update_fields=["representative_confirmed_at", "representative_confirmed_by"])
    representative_confirmation_changed.send(sender=Organisation, organisation=locked)
    return locked


def representative_of(*, account_id: int) -> Organisation | None:
    """The organisation an account files as when it represents others: its own, the
    confirmed one first (the name its suppliers know it by, suppliers.mandates.buyer_name)."""
    return (
        Organisation.objects.filter(account_id=account_id)
        .order_by(
            F("representative_confirmed_at").desc(nulls_last=True),
            F("verified_at").desc(nulls_last=True),
            "id",
        )
        .first()
    )


def eu_credential_set(
    *,
    account: User,
    username: str,
    authentication_key: str,
    client_id: str,
    environment: str,
    confirmed_at: datetime | None = None,
    last_checked_at: datetime | None = None,
    last_check_error: str = "",
) -> EuCredential:
    """Store (or replace) the account's EU Information System credentials.

    New credentials carry only their own check: a replaced set's confirmation never carries over."""
    credential, _ = EuCredential.objects.update_or_create(
        account=account,
        defaults={
            "username": username,
            "authentication_key": authentication_key,
            "client_id": client_id,
            "environment": environment,
            "confirmed_at": confirmed_at,
            "last_checked_at": last_checked_at,
            "last_check_error": last_check_error[:500],
        },
    )
    return credential


def eu_credential_confirm(*, credential: EuCredential) -> None:
    """The EU accepted a call made with `credential`: confirm it, unless it was replaced since."""
    if credential.confirmed_at is not None:
        return
    now = timezone.now()
    # update() leaves updated_at alone, so it still tells whether these are the same credentials.
    EuCredential.objects.filter(pk=credential.pk, updated_at=credential.updated_at).update(
        confirmed_at=now, last_checked_at=now, last_check_error=""
    )


def eu_credential_unconfirm(*, credential: EuCredential, reason: str) -> None:
    """The EU refused a call made with `credential` for its authentication: no longer confirmed."""
    EuCredential.objects.filter(pk=credential.pk, updated_at=credential.updated_at).update(
        confirmed_at=None, last_checked_at=timezone.now(), last_check_error=reason[:500]
    )


def eu_credential_get(*, account_id: int) -> EuCredential | None:
    return EuCredential.objects.filter(account_id=account_id).first()


def eu_credential_delete(*, account: User) -> bool:
    deleted, _ = EuCredential.objects.filter(account=account).delete()
    return bool(deleted)
