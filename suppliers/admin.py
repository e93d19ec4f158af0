"""Staff's side of suppliers: the roster and the uploaded authorisations to review.

Only what the service cannot check is left here: an uploaded authorisation's signature and
signatory. Its type and size were checked on upload; e-mail confirmations need no review.
Staff may correct a supplier's data (on the supplier's request); like a roster upload, a
change of the person, land or goods takes its mandate out of force, recorded with who did it.
Every view serving a document checks the model's view permission, not only `is_staff`.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html

from suppliers.mandates import MandateRefused, mandate_document_bytes, mandate_review
from suppliers.models import (
    AUTHORISED_FIELDS,
    MandateKind,
    MandateStatus,
    RosterImport,
    Supplier,
    SupplierMandate,
)

# What staff may correct; the rest (owner, mode, producer number, import) is the buyer's.
_CORRECTABLE = tuple(f for f in AUTHORISED_FIELDS if f != "producer_number")


@admin.register(Supplier)
class SupplierAdmin(admin.ModelAdmin):
    list_display = ("producer_number", "owner", "livemode", "commodity", "size", "created_at")
    list_filter = ("livemode", "commodity", "size")
    search_fields = ("producer_number", "owner__email")
    readonly_fields = [f.name for f in Supplier._meta.fields if f.name not in _CORRECTABLE]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # suppliers come from their buyer's roster

    def save_model(self, request: HttpRequest, obj: Supplier, form, change: bool) -> None:
        obj.save(changed_by=request.user, change_reason="admin edit")
        if obj.mandates_suspended:
            self.message_user(
                request,
                f"The mandate is out of force until the supplier confirms again "
                f"(changed: {', '.join(obj.mandates_suspended)}).",
                messages.WARNING,
            )


@admin.register(RosterImport)
class RosterImportAdmin(admin.ModelAdmin):
    list_display = ("filename", "owner", "livemode", "rows", "created", "updated", "created_at")
    readonly_fields = [f.name for f in RosterImport._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(SupplierMandate)
class SupplierMandateAdmin(admin.ModelAdmin):
    list_display = ("supplier", "kind", "status", "created_at", "reviewed_at", "reviewed_by")
    list_filter = ("status", "kind")
    search_fields = ("supplier__producer_number", "supplier__owner__email")
    fields = (
        "supplier",
        "kind",
        "status",
        "document_link",
        "document_type",
        "document_sha256",
        "email_state",
        "email_sent_at",
        "confirmed_at",
        "suspended_at",
        "suspended_by",
        "suspended_reason",
        "suspended_fields",
        "revoked_at",
        "reviewed_at",
        "reviewed_by",
        "review_note",
        "created_at",
    )
    readonly_fields = tuple(f for f in fields if f != "review_note")
    actions = ["approve", "reject"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="Document")
    def document_link(self, mandate: SupplierMandate) -> str:
        if mandate.kind != MandateKind.DOCUMENT:
            return "-"
        url = reverse("admin:suppliers_suppliermandate_document", args=[mandate.pk])
        return format_html('<a href="{}">{}</a>', url, mandate.document_name or "document")

    def get_urls(self):
        own = [
            path(
                "<int:pk>/document/",
                self.admin_site.admin_view(self.document_view),
                name="suppliers_suppliermandate_document",
            )
        ]
        return own + super().get_urls()

    def document_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        mandate = get_object_or_404(SupplierMandate, pk=pk, kind=MandateKind.DOCUMENT)
        # admin_view lets in any active staff user; a scan of a signed page is personal data.
        if not self.has_view_permission(request, mandate):
            raise PermissionDenied
        response = HttpResponse(mandate_document_bytes(mandate), content_type=mandate.document_type)
        # Shown, never run: the type was checked on upload; the browser must not guess another.
        response["Content-Disposition"] = "inline"
        response["X-Content-Type-Options"] = "nosniff"
        response["Cache-Control"] = "no-store"
        return response

    def _decide(self, request: HttpRequest, queryset, *, approve: bool) -> None:
        done = 0
        for mandate in queryset.filter(status=MandateStatus.PENDING_REVIEW):
            try:
                mandate_review(mandate, staff=request.user, approve=approve)
                done += 1
            except MandateRefused as exc:
                self.message_user(request, str(exc), messages.WARNING)
        self.message_user(request, f"{done} authorisation(s) decided.")

    @admin.action(description="Approve: signature and signatory checked")
    def approve(self, request: HttpRequest, queryset) -> None:
        self._decide(request, queryset, approve=True)

    @admin.action(description="Reject")
    def reject(self, request: HttpRequest, queryset) -> None:
        self._decide(request, queryset, approve=False)
