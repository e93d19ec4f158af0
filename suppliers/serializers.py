"""What the suppliers API answers (also the OpenAPI schema)."""

from __future__ import annotations

from decimal import Decimal

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from compliance.models import Activity
from compliance.serializers import TradingPartnerOutSerializer
from eu_filing.models import UpstreamState
from eu_filing.outbox import eu_credential_usable
from eudr_service.lib.fields import ApiModelSerializer, QuantityField, TimestampField, plain_text
from eudr_service.lib.versioning import api_url
from euis.quantities import PERCENTAGE_MAX
from regulation.annex_i import annex_line_for
from regulation.commodities import UnknownCommodity, in_scope_names, normalize_commodity
from suppliers.bulk import bulk_filing_counts, bulk_filing_eu
from suppliers.models import (
    AUTHORISED_FIELDS,
    BulkFilingStatus,
    EmailState,
    MandateKind,
    MandateStatus,
    RosterImport,
    Supplier,
    SupplierMandate,
)


class MandateOutSerializer(ApiModelSerializer):
    # Codes only: the labels are for people, in their language (the schema is one document).
    kind = serializers.ChoiceField(choices=MandateKind.values, read_only=True)
    status = serializers.ChoiceField(
        choices=MandateStatus.values,
        read_only=True,
        help_text=(
            "Only `active` lets the service file for the supplier; `needs_reconfirmation`: the "
            "supplier's data changed after the mandate was given, ask again"
        ),
    )
    email_state = serializers.CharField(
        read_only=True,
        help_text=(
            f"E-mail confirmations: {', '.join(EmailState.values)} (a test key sends nothing); "
            "empty for an uploaded authorisation"
        ),
    )
    suspended_fields = serializers.ListField(
        child=serializers.ChoiceField(choices=AUTHORISED_FIELDS),
        read_only=True,
        help_text="What changed when the mandate was taken out of force",
    )

    class Meta:
        model = SupplierMandate
        fields = [
            "kind",
            "status",
            "document_name",
            "document_type",
            "email_state",
            "email_sent_at",
            "expires_at",
            "confirmed_at",
            "reviewed_at",
            "revoked_at",
            "suspended_at",
            "suspended_reason",
            "suspended_fields",
            "created_at",
        ]
        read_only_fields = fields


class MandateRequestsInSerializer(serializers.Serializer):
    suppliers = serializers.ListField(
        child=serializers.UUIDField(),
        required=False,
        max_length=5000,
        help_text="The suppliers to ask; without it, every supplier with an e-mail and no mandate in force",
    )


class MandateRequestsOutSerializer(serializers.Serializer):
    requested = serializers.IntegerField(help_text="Requests created (each sends one e-mail)")
    skipped = serializers.IntegerField(help_text="Suppliers without an e-mail address or already authorising")
    emails = serializers.ChoiceField(
        choices=["sent", "not_sent_test_mode"],
        help_text="sent (queued for sending); not_sent_test_mode with a test key: the links exist, no e-mail",
    )


class ExistingDeclarationOutSerializer(serializers.Serializer):
    state = serializers.ChoiceField(
        choices=UpstreamState.values,
        help_text="valid, withdrawn, not_usable, not_found; unknown until the EU answered",
    )
    result = serializers.CharField(help_text="verifyDeclaration's result; empty before the EU answered")
    eu_status = serializers.CharField(help_text="The EU's status of the declaration, when it gave one")
    checked_at = TimestampField(allow_null=True, help_text="When the EU last answered")
    state_changed_at = TimestampField(allow_null=True)
    error_message = serializers.CharField(help_text="Why the last check got no answer; empty otherwise")


class SupplierOutSerializer(ApiModelSerializer):
    id = serializers.UUIDField(source="public_id", read_only=True)
    parcels = serializers.ListField(child=serializers.CharField(), source="parcel_ids", read_only=True)
    quantity = QuantityField(max_digits=14, decimal_places=3, read_only=True, help_text="Yearly, in `unit`")
    mandate = serializers.SerializerMethodField(help_text="The newest mandate; null when none was given")
    livemode = serializers.BooleanField(
        read_only=True, help_text="false for a supplier uploaded with a test key"
    )
    existing_declaration = ExistingDeclarationOutSerializer(
        read_only=True,
        allow_null=True,
        help_text="The EU's answer about the supplier's own declaration (declaration_reference_number); "
        "null when none was given, or for a test supplier (never checked)",
    )

    class Meta:
        model = Supplier
        fields = [
            "id",
            "producer_number",
            "name",
            "size",
            "nip",
            "regon",
            "street",
            "postal_code",
            "city",
            "email",
            "commodity",
            "quantity",
            "unit",
            "parcels",
            "land_street",
            "land_postal_code",
            "land_city",
            "herd_number",
            "declaration_reference_number",
            "declaration_verification_number",
            "existing_declaration",
            "mandate",
            "livemode",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    @extend_schema_field(MandateOutSerializer(allow_null=True))
    def get_mandate(self, supplier: Supplier) -> dict | None:
        mandate = supplier.current_mandate()
        return None if mandate is None else MandateOutSerializer(mandate).data


class SuspendedMandateRowSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text="The file's line (CSV) or sheet row (XLSX)")
    producer_number = serializers.CharField()
    supplier_id = serializers.UUIDField()
    changed = serializers.ListField(child=serializers.ChoiceField(choices=AUTHORISED_FIELDS))


class RosterImportOutSerializer(ApiModelSerializer):
    file_format = serializers.ChoiceField(choices=["csv", "xlsx"], read_only=True)
    mandates_suspended = SuspendedMandateRowSerializer(
        many=True,
        read_only=True,
        help_text=(
            "Rows that changed a supplier's person, land or goods: its mandate is no longer in force "
            "(needs_reconfirmation); ask again with mandate-requests"
        ),
    )
    dry_run = serializers.BooleanField(read_only=True, help_text="true: checked only, nothing was written")

    class Meta:
        model = RosterImport
        fields = [
            "filename",
            "file_format",
            "sha256",
            "rows",
            "created",
            "updated",
            "mandates_suspended",
            "dry_run",
            "livemode",
            "created_at",
        ]
        read_only_fields = fields


class GoodsInSerializer(serializers.Serializer):
    description = serializers.CharField(
        max_length=300, help_text="As the declaration describes the goods", validators=[plain_text]
    )
    hs_heading = serializers.RegexField(
        r"^\d{4}(?:\d{2}){0,2}$",
        error_messages={"invalid": "An HS code of 4, 6 or 8 digits."},
        help_text="Under an Annex I line of the commodity",
    )


class BulkFilingInSerializer(serializers.Serializer):
    # The statements' own choices (one enum in the schema); a primary operator imports nothing.
    activity = serializers.ChoiceField(choices=Activity.choices, default=Activity.DOMESTIC)
    signatory_name = serializers.CharField(
        max_length=200, help_text="Who attests for the representative", validators=[plain_text]
    )
    signatory_function = serializers.CharField(max_length=200, validators=[plain_text])
    estimate_percentage = serializers.DecimalField(
        max_digits=5,
        decimal_places=3,
        min_value=Decimal(0),
        max_value=PERCENTAGE_MAX,
        default=Decimal(10),
        help_text=(
            "How far the roster's yearly quantities in kg are estimates (0 to 25 %); quantities in "
            "another unit (head NAR, m³ MTQ) are filed in their own unit, without it"
        ),
    )
    goods = serializers.DictField(
        child=GoodsInSerializer(),
        help_text=(
            "Per commodity of your suppliers, named as the roster names it, in Polish or English "
            "(soja or soya, bydło or cattle, drewno or wood): description and HS heading"
        ),
    )

    def validate_activity(self, activity: str) -> str:
        if activity == Activity.IMPORT:
            raise serializers.ValidationError("A supplier's own production is placed domestic or exported.")
        return activity

    def validate_goods(self, goods: dict) -> dict:
        """The goods keyed by commodity code, whichever accepted name the client used (the
        roster's vocabulary: regulation.commodities); an unknown name is refused with the
        list of names accepted."""
        today = timezone.now().date()
        by_code: dict[str, tuple[str, dict]] = {}
        for name, line in goods.items():
            code = _goods_commodity(name)
            if code in by_code:
                raise serializers.ValidationError(
                    {name: [f"Names the same commodity as {by_code[code][0]!r}; name it once."]},
                    code="duplicate_commodity",
                )
            if annex_line_for(commodity=code, hs_code=line["hs_heading"], on=today) is None:
                raise serializers.ValidationError(
                    {name: [f"{line['hs_heading']} is not under an Annex I line of {name}."]},
                    code="hs_not_in_annex_i",
                )
            by_code[code] = (name, line)
        return {code: line for code, (_name, line) in by_code.items()}


def _goods_commodity(name: str) -> str:
    accepted = ", ".join(in_scope_names())
    try:
        commodity = normalize_commodity(name)
    except UnknownCommodity:
        raise serializers.ValidationError(
            {name: [f"Unknown commodity {name!r}; accepted: {accepted}."]}, code="unknown_commodity"
        ) from None
    if not commodity.in_scope:
        raise serializers.ValidationError(
            {name: [f"{name!r} is outside the regulation (Annex I); accepted: {accepted}."]},
            code="out_of_scope",
        )
    return commodity.code


class BulkFilingEuSerializer(serializers.Serializer):
    reachable = serializers.BooleanField()
    notice = serializers.CharField(allow_null=True)
    progress = serializers.DictField(child=serializers.IntegerField())


class BulkFilingOutSerializer(serializers.Serializer):
    id = serializers.CharField(source="public_id", help_text="bf_...")
    status = serializers.ChoiceField(choices=BulkFilingStatus.values)
    total = serializers.IntegerField(help_text="Suppliers with a mandate in force when the filing began")
    counts = serializers.SerializerMethodField(help_text="Rows per state: queued, filed, failed, cancelled")
    skipped = serializers.DictField(
        child=serializers.IntegerField(), help_text="Suppliers left out, by reason"
    )
    created_at = TimestampField()
    finished_at = TimestampField(allow_null=True)
    livemode = serializers.BooleanField()
    results = serializers.SerializerMethodField(help_text="Downloads: one line per supplier")
    eu = serializers.SerializerMethodField(
        help_text=(
            "Whether the declarations can reach the EU Information System (`reachable`; false "
            "without usable EU credentials, and for a test filing), why not in words (`notice`), "
            "and the EU outbox's progress with them (per outbox state, and `with_reference`: how "
            "many carry the EU's reference number)"
        )
    )

    def get_counts(self, filing) -> dict[str, int]:
        return bulk_filing_counts(filing)

    @extend_schema_field(BulkFilingEuSerializer)
    def get_eu(self, filing) -> dict:
        # One credentials read per answer, not one per filing of a list.
        usable = self.context.setdefault("eu_credentials_usable", {})
        if filing.owner_id not in usable:
            usable[filing.owner_id] = eu_credential_usable(owner_id=filing.owner_id)
        return bulk_filing_eu(filing, credentials_usable=usable[filing.owner_id])

    def get_results(self, filing) -> dict[str, str]:
        base = f"/api/eudr/v1/supplier-filings/{filing.public_id}/results"
        return {fmt: api_url(f"{base}.{fmt}") for fmt in ("json", "csv", "xlsx")}


class ConsignmentInSerializer(serializers.Serializer):
    consignment_reference = serializers.CharField(
        max_length=100, help_text="Your delivery note or lot number", validators=[plain_text]
    )
    consignment_date = serializers.DateField()


class ConsignmentOutSerializer(serializers.Serializer):
    record = TradingPartnerOutSerializer(help_text="The supplier record of the consignment (Article 5(3))")
    reference_number = serializers.CharField(help_text="The supplier's declaration; empty when none yet")
    verification_number = serializers.CharField()
    eu_check = serializers.SerializerMethodField(
        help_text="verifyDeclaration's answer (result, eu_status, error_message); null when not checked"
    )

    def get_eu_check(self, consignment) -> dict | None:
        upstream = consignment.upstream
        if upstream is None:
            return None
        return {
            "result": upstream.result,
            "eu_status": upstream.eu_status,
            "error_message": upstream.error_message,
        }
