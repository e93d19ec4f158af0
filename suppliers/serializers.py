"""What the suppliers API answers (also the OpenAPI schema)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from eudr_service.lib.fields import ApiModelSerializer, QuantityField
from suppliers.models import MandateKind, MandateStatus, RosterImport, Supplier, SupplierMandate


class MandateOutSerializer(ApiModelSerializer):
    # Codes only: the labels are for people, in their language (the schema is one document).
    kind = serializers.ChoiceField(choices=MandateKind.values, read_only=True)
    status = serializers.ChoiceField(
        choices=MandateStatus.values,
        read_only=True,
        help_text="Only `active` lets the service file for the supplier",
    )

    class Meta:
        model = SupplierMandate
        fields = [
            "kind",
            "status",
            "document_name",
            "document_type",
            "email_sent_at",
            "expires_at",
            "confirmed_at",
            "reviewed_at",
            "revoked_at",
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


class SupplierOutSerializer(ApiModelSerializer):
    id = serializers.UUIDField(source="public_id", read_only=True)
    parcels = serializers.ListField(child=serializers.CharField(), source="parcel_ids", read_only=True)
    quantity = QuantityField(max_digits=14, decimal_places=3, read_only=True, help_text="Yearly, in `unit`")
    mandate = serializers.SerializerMethodField(help_text="The newest mandate; null when none was given")
    livemode = serializers.BooleanField(
        read_only=True, help_text="false for a supplier uploaded with a test key"
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


class RosterImportOutSerializer(ApiModelSerializer):
    file_format = serializers.ChoiceField(choices=["csv", "xlsx"], read_only=True)

    class Meta:
        model = RosterImport
        fields = ["filename", "file_format", "sha256", "rows", "created", "updated", "livemode", "created_at"]
        read_only_fields = fields
