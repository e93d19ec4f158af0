from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import APIKey, Mandate, Organisation, Plan, UpgradeRequest, UpgradeRequestStatus, User
from accounts.services import (
    RepresentativeRefused,
    UpgradeRequestRefused,
    representative_confirm,
    representative_confirmation_changed,
    representative_confirmation_withdraw,
    upgrade_request_decide,
)


@admin.register(Plan)
class PlanAdmin(admin.ModelAdmin):
    list_display = (
        "code",
        "name",
        "daily_limit",
        "per_minute_limit",
        "features",
        "presentation",
        "pricing",
        "monthly_price_pln",
        "requestable",
    )


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    ordering = ("email",)
    list_display = ("email", "organisation", "plan", "is_staff", "is_active", "date_joined")
    list_filter = ("plan", "is_staff", "is_active")
    search_fields = ("email", "organisation")
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        ("Account", {"fields": ("organisation", "plan", "first_name", "last_name")}),
        ("Permissions", {"fields": ("is_active", "is_staff", "is_superuser", "groups")}),
        ("Dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "plan", "password1", "password2")}),)


@admin.register(APIKey)
class APIKeyAdmin(admin.ModelAdmin):
    """Keys are listed without secrets; staff can only revoke them."""

    list_display = (
        "name",
        "prefix",
        "livemode",
        "user",
        "status",
        "created_at",
        "last_used_at",
        "expires_at",
    )
    list_filter = ("livemode", "revoked_at")
    search_fields = ("name", "prefix", "user__email")
    readonly_fields = (
        "public_id",
        "user",
        "name",
        "prefix",
        "livemode",
        "created_at",
        "last_used_at",
        "revoked_at",
    )
    fields = (*readonly_fields, "expires_at")
    actions = ["revoke"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        # A key made here could never be shown to its owner; use the panel or
        # the create_api_key command.
        return False

    @admin.action(description="Revoke selected keys")
    def revoke(self, request: HttpRequest, queryset: QuerySet[APIKey]) -> None:
        for api_key in queryset:
            api_key.revoke()
            self.log_change(request, api_key, "Revoked")
        self.message_user(request, f"Revoked {queryset.count()} key(s).", messages.SUCCESS)


@admin.register(UpgradeRequest)
class UpgradeRequestAdmin(admin.ModelAdmin):
    """Requests are decided only by the actions, which move the account to the
    requested plan (on approval) and record who decided, in one transaction."""

    list_display = (
        "account",
        "from_plan",
        "requested_plan",
        "status",
        "created_at",
        "decided_by",
        "decided_at",
    )
    list_filter = ("status", "requested_plan")
    search_fields = ("account__email",)
    readonly_fields = (
        "account",
        "from_plan",
        "requested_plan",
        "message",
        "status",
        "decided_by",
        "decided_at",
        "created_at",
    )
    actions = ["approve", "reject"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # accounts ask in the panel; staff change plans on the user directly

    @admin.action(description="Approve: move the account to the requested plan")
    def approve(self, request: HttpRequest, queryset: QuerySet[UpgradeRequest]) -> None:
        self._decide(request, queryset, approve=True)

    @admin.action(description="Reject: leave the account's plan as it is")
    def reject(self, request: HttpRequest, queryset: QuerySet[UpgradeRequest]) -> None:
        self._decide(request, queryset, approve=False)

    def _decide(self, request: HttpRequest, queryset: QuerySet[UpgradeRequest], *, approve: bool) -> None:
        decided = skipped = 0
        for pk in queryset.filter(status=UpgradeRequestStatus.PENDING).values_list("pk", flat=True):
            try:
                upgrade = upgrade_request_decide(request_id=pk, approve=approve, by=request.user)
            except UpgradeRequestRefused:
                skipped += 1
                continue
            decided += 1
            self.log_change(request, upgrade, "Approved" if approve else "Rejected")
        skipped += queryset.exclude(status=UpgradeRequestStatus.PENDING).count()
        verb = "Approved" if approve else "Rejected"
        self.message_user(request, f"{verb} {decided} request(s); {skipped} not pending, left as they were.")


class _VerifiedByStaff(admin.ModelAdmin):
    """Verification is an act of a named staff user: the actions record who and when."""

    readonly_fields = ("verified_at", "verified_by", "created_at")
    actions = ["verify", "withdraw_verification"]

    @admin.action(description="Mark as verified (I checked the documents)")
    def verify(self, request: HttpRequest, queryset: QuerySet) -> None:
        for row in queryset.filter(verified_at__isnull=True):
            row.verified_at, row.verified_by = timezone.now(), request.user
            row.save(update_fields=["verified_at", "verified_by"])
            self.log_change(request, row, "Verified")
        self.message_user(request, "Verified.", messages.SUCCESS)

    @admin.action(description="Withdraw verification")
    def withdraw_verification(self, request: HttpRequest, queryset: QuerySet) -> None:
        for row in queryset.filter(verified_at__isnull=False):
            row.verified_at, row.verified_by = None, None
            row.save(update_fields=["verified_at", "verified_by"])
            self.log_change(request, row, "Verification withdrawn")
        self.message_user(request, "Verification withdrawn.", messages.SUCCESS)


class MandateInline(admin.TabularInline):
    model = Mandate
    extra = 0
    fields = ("account", "document_reference", "valid_from", "valid_until", "verified_at", "verified_by")
    readonly_fields = ("verified_at", "verified_by")


@admin.register(Organisation)
class OrganisationAdmin(_VerifiedByStaff):
    list_display = (
        "name",
        "nip",
        "eori",
        "country",
        "account",
        "verified_at",
        "verified_by",
        "representative_confirmed_at",
    )
    list_filter = ("verified_at", "representative_confirmed_at", "country")
    search_fields = ("name", "nip", "eori", "account__email")
    fields = (
        "name",
        "nip",
        "eori",
        "country",
        "address",
        "account",
        "verification_note",
        "verified_at",
        "verified_by",
        "representative_confirmed_at",
        "representative_confirmed_by",
        "created_at",
    )
    readonly_fields = (
        *_VerifiedByStaff.readonly_fields,
        "representative_confirmed_at",
        "representative_confirmed_by",
    )
    actions = [*_VerifiedByStaff.actions, "confirm_representative", "withdraw_representative"]
    inlines = [MandateInline]

    @admin.action(description="Withdraw verification")
    def withdraw_verification(self, request: HttpRequest, queryset: QuerySet[Organisation]) -> None:
        # A confirmed representative is a verified one: its declarations' public record changes.
        changed = list(queryset.filter(verified_at__isnull=False, representative_confirmed_at__isnull=False))
        super().withdraw_verification(request, queryset)
        for organisation in changed:
            representative_confirmation_changed.send(sender=Organisation, organisation=organisation)

    @admin.action(
        description=(
            "Confirm as authorised representative (I checked the registry, that it is established in "
            "the EU and files for others under written mandates)"
        )
    )
    def confirm_representative(self, request: HttpRequest, queryset: QuerySet[Organisation]) -> None:
        confirmed, refused = 0, []
        for organisation in queryset:
            try:
                representative_confirm(organisation=organisation, by=request.user)
            except RepresentativeRefused as exc:
                refused.append(str(exc))
                continue
            confirmed += 1
            self.log_change(request, organisation, "Confirmed as authorised representative")
        self.message_user(request, f"Confirmed {confirmed} representative(s).", messages.SUCCESS)
        for reason in refused:
            self.message_user(request, reason, messages.WARNING)

    @admin.action(description="Withdraw the confirmation as authorised representative")
    def withdraw_representative(self, request: HttpRequest, queryset: QuerySet[Organisation]) -> None:
        for organisation in queryset.filter(representative_confirmed_at__isnull=False):
            representative_confirmation_withdraw(organisation=organisation, by=request.user)
            self.log_change(request, organisation, "Confirmation as authorised representative withdrawn")
        self.message_user(request, "Confirmation withdrawn.", messages.SUCCESS)


@admin.register(Mandate)
class MandateAdmin(_VerifiedByStaff):
    list_display = (
        "account",
        "organisation",
        "document_reference",
        "valid_until",
        "verified_at",
        "verified_by",
    )
    list_filter = ("verified_at",)
    search_fields = ("account__email", "organisation__name", "organisation__nip", "organisation__eori")
    fields = (
        "account",
        "organisation",
        "document_reference",
        "valid_from",
        "valid_until",
        "verified_at",
        "verified_by",
        "created_at",
    )
