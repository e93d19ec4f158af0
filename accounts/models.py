"""Accounts: one user model for key and session access, plans and API keys."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.contrib.auth.base_user import BaseUserManager
from django.contrib.auth.models import AbstractUser
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.keys import mode_prefix
from eudr_service.lib.encryption import EncryptedTextField

# Features a plan may include; views declare the one they need.
FEATURES = ("verify", "risk", "dds", "webhooks", "csrd")
# How the pages name them (sign-up, dashboard, plans).
FEATURE_LABELS = {
    "verify": _("DDS verification"),
    "risk": _("Risk score"),
    "dds": _("DDS filing and PDFs"),
    "webhooks": _("Webhooks"),
    "csrd": _("CSRD reports"),
}

# The plan a self-registered account starts on: the second presentation's
# no-cost tier ("Starter: 100 requests per day, free, no card", specification
# part 8), which includes more than the first presentation's verify-only Free
# plan. See docs/plans.md for why.
SIGNUP_PLAN = "starter"


class Presentation(models.TextChoices):
    """Which presentation of the specification (part 8) names the plan."""

    FIRST = "first", "First (Free, Standard, Enterprise)"
    SECOND = "second", "Second (Starter, Pro, Enterprise)"
    BOTH = "both", "Both"


class Pricing(models.TextChoices):
    FREE = "free", "Free, no card"
    MONTHLY = "monthly", "Monthly price"
    QUOTE = "quote", "Individual quote"
    NOT_GIVEN = "not_given", "Price not given by the specification"


def plan_ladder(plans: list[Plan]) -> list[Plan]:
    """Plans in the one order customers see them, from least to most: by daily limit
    (unlimited last), then by how many features they include (Free before Starter, both
    100 a day). The specification's two presentations of plans are one ladder here
    (DESIGN.md, "Plans, features, limits")."""
    return sorted(
        plans,
        key=lambda p: (p.daily_limit is None, p.daily_limit or 0, len(p.features), p.per_minute_limit or 0),
    )


class Plan(models.Model):
    """A price plan. Rows are edited by staff in the admin, seeded by a migration."""

    code = models.SlugField(max_length=32, unique=True)
    name = models.CharField(max_length=64)
    daily_limit = models.PositiveIntegerField(null=True, blank=True, help_text="Empty = unlimited")
    per_minute_limit = models.PositiveIntegerField(null=True, blank=True, help_text="Empty = unlimited")
    features = models.JSONField(default=list, help_text=f"Any of: {', '.join(FEATURES)}")
    presentation = models.CharField(max_length=8, choices=Presentation.choices, default=Presentation.BOTH)
    pricing = models.CharField(max_length=12, choices=Pricing.choices, default=Pricing.NOT_GIVEN)
    monthly_price_pln = models.DecimalField(
        max_digits=9, decimal_places=2, null=True, blank=True, help_text="Net price a month, for 'monthly'"
    )
    # Staff may offer a plan for upgrade requests only if it is listed.
    requestable = models.BooleanField(default=True, help_text="Accounts may ask to move to this plan")

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name

    def has_feature(self, feature: str) -> bool:
        return feature in self.features

    @property
    def is_unlimited(self) -> bool:
        return self.daily_limit is None and self.per_minute_limit is None


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def _create(self, email: str, password: str | None, **extra: object) -> User:
        if not email:
            raise ValueError("An email address is required")
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **extra: object) -> User:
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create(email, password, **extra)

    def create_superuser(self, email: str, password: str | None = None, **extra: object) -> User:
        extra.update(is_staff=True, is_superuser=True)
        return self._create(email, password, **extra)


class User(AbstractUser):
    """An account: a person or company calling the API or using the panel."""

    username = None
    email = models.EmailField(unique=True)
    organisation = models.CharField(max_length=200, blank=True)
    plan = models.ForeignKey(
        Plan, to_field="code", on_delete=models.PROTECT, default="free", related_name="users"
    )

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    objects = UserManager()

    def __str__(self) -> str:
        return self.email


class APIKey(models.Model):
    """A secret key for the API. Only an HMAC of it is stored; see accounts.keys."""

    LAST_USED_RESOLUTION = timedelta(minutes=1)

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_keys")
    name = models.CharField(max_length=100)
    # The first characters of the random part, kept in clear to find the row
    # without scanning, and to let people recognise a key in lists.
    prefix = models.CharField(max_length=16, unique=True)
    secret_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    # False for a sandbox key (`eudr_test_`): it sees and creates test data only.
    livemode = models.BooleanField(default=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "API key"

    def __str__(self) -> str:
        return f"{self.name} ({self.display_prefix}…)"

    @property
    def display_prefix(self) -> str:
        """What people recognise a key by: its mode prefix and lookup characters."""

        return mode_prefix(livemode=self.livemode) + self.prefix

    def is_usable(self, now: datetime | None = None) -> bool:
        now = now or timezone.now()
        if self.revoked_at is not None:
            return False
        return self.expires_at is None or self.expires_at > now

    @property
    def status(self) -> str:
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at is not None and self.expires_at <= timezone.now():
            return "expired"
        return "active"

    def revoke(self) -> None:
        if self.revoked_at is None:
            self.revoked_at = timezone.now()
            self.save(update_fields=["revoked_at"])

    def touch(self) -> None:
        """Record use, at most once a minute, so auth does not write on every call."""
        now = timezone.now()
        if self.last_used_at and now - self.last_used_at < self.LAST_USED_RESOLUTION:
            return
        APIKey.objects.filter(pk=self.pk).update(last_used_at=now)
        self.last_used_at = now


class DailyUsage(models.Model):
    """Requests an account made on one UTC day, copied from the cache counters
    by accounts.usage.usage_persist (never written per request)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="daily_usage")
    date = models.DateField()
    requests = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-date"]
        constraints = [models.UniqueConstraint(fields=["user", "date"], name="daily_usage_user_date")]
        verbose_name_plural = "daily usage"

    def __str__(self) -> str:
        return f"{self.user} {self.date}: {self.requests}"


class Organisation(models.Model):
    """A company or person that files statements as operator, checked by staff.

    `account` is set when this is the account's own organisation; an
    organisation an account represents is linked through a Mandate instead.
    Only staff set `verified_at` (in the admin), after checking the registry
    entry and the documents listed in the panel's verification page.
    """

    name = models.CharField(max_length=200)
    nip = models.CharField(
        "NIP", max_length=10, blank=True, db_index=True, help_text="Ten digits, no separators"
    )
    eori = models.CharField("EORI", max_length=17, blank=True, db_index=True)
    country = models.CharField(max_length=2, help_text="ISO 3166-1 alpha-2")
    address = models.CharField(max_length=300)
    account = models.ForeignKey(
        User,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="organisations",
        help_text="The account this is the own organisation of; empty for a represented operator",
    )
    verified_at = models.DateTimeField(null=True, blank=True)
    verified_by = models.ForeignKey(
        User,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        limit_choices_to={"is_staff": True},
    )
    verification_note = models.TextField(blank=True, help_text="What staff checked (registry, documents)")
    # Staff confirmed this account's own organisation as an authorised representative
    # (Regulation (EU) 2023/1115, Article 2(23) and Article 6: established in the Union, acting
    # under written mandates). Once for the organisation: every declaration it files for a
    # represented operator (a buyer for its farmers) names it as confirmed in its public record.
    representative_confirmed_at = models.DateTimeField(null=True, blank=True)
    representative_confirmed_by = models.ForeignKey(
        User,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        limit_choices_to={"is_staff": True},
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(nip="", eori=""), name="organisation_has_nip_or_eori"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.nip or self.eori})"

    @property
    def is_verified(self) -> bool:
        return self.verified_at is not None

    @property
    def is_confirmed_representative(self) -> bool:
        """Verified, and confirmed by staff as an authorised representative."""
        return self.is_verified and self.representative_confirmed_at is not None


class Mandate(models.Model):
    """An account's recorded authority to file as authorised representative
    (Regulation (EU) 2023/1115, Article 6) for an organisation; staff verify it."""

    account = models.ForeignKey(User, on_delete=models.CASCADE, related_name="mandates")
    organisation = models.ForeignKey(Organisation, on_delete=models.PROTECT, related_name="mandates")
    document_reference = models.CharField(
        max_length=200, help_text="The power of attorney or contract staff saw (reference, date)"
    )
    valid_from = models.DateField(null=True, blank=True)
    valid_until = models.DateField(null=True, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    verified_by = models.ForeignKey(
        User,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        limit_choices_to={"is_staff": True},
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["account", "organisation"], name="one_mandate_per_account_organisation"
            )
        ]

    def __str__(self) -> str:
        return f"{self.account} for {self.organisation}"

    def is_active(self, now: datetime | None = None) -> bool:
        """Verified by staff and within its dates."""
        today = (now or timezone.now()).date()
        if self.verified_at is None:
            return False
        if self.valid_from is not None and today < self.valid_from:
            return False
        return self.valid_until is None or today <= self.valid_until


# EU credentials travel in XML (the WS-Security header), which cannot carry control
# characters; no EU user name, key or client id has them.
eu_credential_text = RegexValidator(
    r"^[^\x00-\x1f\x7f]*$", _("Control characters are not allowed."), code="invalid"
)


class EuEnvironment(models.TextChoices):
    """The EU Information System environment a set of credentials belongs to (OPS 1.2.1)."""

    ACCEPTANCE = "acceptance", "acceptance (testing)"
    PRODUCTION = "production", "production"


class EuCredential(models.Model):
    """An account's own web-service credentials for the EU Information System.

    The authentication key is encrypted at rest (ENCRYPTION_KEYS, rotatable) and
    never shown back; the username and client id are not secrets (OPS 2.2.2).
    """

    account = models.OneToOneField(User, on_delete=models.CASCADE, related_name="eu_credential")
    username = models.CharField(max_length=100, help_text="EU Login username of the web-service user")
    authentication_key = EncryptedTextField(help_text="From 'Web Services Access' in the EU profile")
    client_id = models.CharField(max_length=100, help_text="WebServiceClientId, e.g. eudr-test in acceptance")
    environment = models.CharField(max_length=16, choices=EuEnvironment.choices)
    updated_at = models.DateTimeField(auto_now=True)
    # Null until the EU accepted these credentials: when stored (a check call) or later,
    # by the first submission they made. Cleared when the EU refuses them.
    confirmed_at = models.DateTimeField(null=True, blank=True)
    last_checked_at = models.DateTimeField(null=True, blank=True)
    last_check_error = models.CharField(max_length=500, blank=True, help_text="Why not confirmed")

    def __str__(self) -> str:
        return f"{self.account_id}: {self.username} ({self.environment})"


class UpgradeRequestStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"


class UpgradeRequest(models.Model):
    """An account's request to move to another plan; staff decide it in the
    admin (accounts.services.upgrade_request_decide). Payment is not handled here."""

    account = models.ForeignKey(User, on_delete=models.CASCADE, related_name="upgrade_requests")
    from_plan = models.ForeignKey(Plan, to_field="code", on_delete=models.PROTECT, related_name="+")
    requested_plan = models.ForeignKey(Plan, to_field="code", on_delete=models.PROTECT, related_name="+")
    message = models.TextField(max_length=1000, blank=True)
    status = models.CharField(
        max_length=8, choices=UpgradeRequestStatus.choices, default=UpgradeRequestStatus.PENDING
    )
    decided_by = models.ForeignKey(
        User,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        limit_choices_to={"is_staff": True},
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["account"],
                condition=models.Q(status="pending"),
                name="one_pending_upgrade_request_per_account",
            )
        ]

    def __str__(self) -> str:
        return f"{self.account}: {self.from_plan_id} -> {self.requested_plan_id} ({self.status})"
