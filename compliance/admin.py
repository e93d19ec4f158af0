from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest

from compliance.evidence_record import VERDICT_STATUSES, statement_record_reissue
from compliance.models import (
    ALLOWED_TRANSITIONS,
    DDSCommodity,
    DDSStatus,
    DDSStatusChange,
    DueDiligenceStatement,
    OrganisationRoles,
)
from compliance.screening import Rule
from compliance.services import InvalidTransition, dds_transition


class DDSStatusChangeInline(admin.TabularInline):
    model = DDSStatusChange
    extra = 0
    can_delete = False
    readonly_fields = ("from_status", "to_status", "changed_at", "changed_by", "rule", "reason")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class DDSCommodityInline(admin.TabularInline):
    """What was filed, read-only: staff judge it, they do not rewrite it."""

    model = DDSCommodity
    extra = 0
    can_delete = False
    fields = (
        "position",
        "code",
        "description",
        "hs_heading",
        "net_mass_kg",
        "country_of_production",
        "species",
        "plot_summary",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="plots (risk levels)")
    def plot_summary(self, obj: DDSCommodity) -> str:
        levels = [p.risk_level or "?" for p in obj.plots.all()]
        counts = {level: levels.count(level) for level in dict.fromkeys(levels)}
        return ", ".join(f"{count}× {level}" for level, count in counts.items()) or "—"


class DDSAdminForm(forms.ModelForm):
    """Status is never edited directly: staff pick a transition and a reason."""

    new_status = forms.ChoiceField(required=False, label="Move to status")
    reason = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))

    class Meta:
        model = DueDiligenceStatement
        fields = (
            "operator_name",
            "commodity",
            "country_of_production",
            "risk_level",
            "eu_reference_number",
            "eu_verification_number",
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        current = self.instance.status if self.instance.pk else DDSStatus.DRAFT
        allowed = sorted(ALLOWED_TRANSITIONS.get(current, ()))
        self.fields["new_status"].choices = [("", "— keep current —")] + [
            (s, DDSStatus(s).label) for s in allowed
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("new_status") and not data.get("reason", "").strip():
            self.add_error("reason", "A reason is required for a status change.")
        return data


@admin.register(DueDiligenceStatement)
class DDSAdmin(admin.ModelAdmin):
    form = DDSAdminForm
    list_display = ("dds_id", "operator_name", "commodity", "status", "risk_level", "owner", "created_at")
    list_filter = ("status", "risk_level", "country_of_production")
    search_fields = ("dds_id", "operator_name", "owner__email")
    readonly_fields = (
        "dds_id",
        "status",
        "status_rule",
        "status_reasons",
        "status_decided_by",
        "status_decided_at",
        "organisation",
        "operator_role",
        "signatory_name",
        "signatory_function",
        "attested_legality",
        "attested_declaration",
        "attested_at",
        "declaration_version",
        "geolocation_confidential",
        "verified_at",
        "valid_until",
        "created_at",
        "updated_at",
    )
    inlines = [DDSCommodityInline, DDSStatusChangeInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # statements are filed through the API

    def save_model(self, request: HttpRequest, obj: DueDiligenceStatement, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        new_status = form.cleaned_data.get("new_status")
        edited = set(form.changed_data) - {"new_status", "reason"}
        if edited and new_status not in VERDICT_STATUSES:
            # Every field staff may edit is on the public record (verify, the status page):
            # its latest evidence record says the same, written in the admin's transaction.
            statement_record_reissue(obj)
        if new_status:
            try:
                dds_transition(
                    statement=obj,
                    to_status=new_status,
                    by=request.user,
                    reason=form.cleaned_data["reason"],
                    rule=Rule.STAFF_DECISION,
                )
            except InvalidTransition as exc:
                self.message_user(request, str(exc), messages.ERROR)


@admin.register(OrganisationRoles)
class OrganisationRolesAdmin(admin.ModelAdmin):
    """Which roles each account declared (read-only: the account sets them). Supplier and
    customer records and concerns are personal data and are not shown here."""

    list_display = ("account", "roles", "is_sme", "updated_at")
    search_fields = ("account__email",)
    readonly_fields = ("account", "roles", "is_sme", "updated_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
