"""Accounts: one user model for key and session access, plans and API keys."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.contrib.auth.base_user import BaseUserManager
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone

# Features a plan may include; views declare the one they need.
FEATURES = ("verify", "risk", "dds", "webhooks", "csrd")


class Plan(models.Model):
    """A price plan. Rows are edited by staff in the admin, seeded by a migration."""

    code = models.SlugField(max_length=32, unique=True)
    name = models.CharField(max_length=64)
    daily_limit = models.PositiveIntegerField(null=True, blank=True, help_text="Empty = unlimited")
    per_minute_limit = models.PositiveIntegerField(null=True, blank=True, help_text="Empty = unlimited")
    features = models.JSONField(default=list, help_text=f"Any of: {', '.join(FEATURES)}")

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

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "API key"

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

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
