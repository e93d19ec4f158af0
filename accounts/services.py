"""Account services: issuing and authenticating API keys."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from accounts import keys
from accounts.models import APIKey, Plan, User


def api_key_create(*, user: User, name: str, expires_at: datetime | None = None) -> tuple[APIKey, str]:
    """Create a key and return it with its plaintext, which is never stored."""
    new = keys.generate_key()
    api_key = APIKey.objects.create(
        user=user,
        name=name,
        prefix=new.lookup,
        secret_hash=new.secret_hash,
        expires_at=expires_at,
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
