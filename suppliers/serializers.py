"""What the suppliers API answers (also the OpenAPI schema)."""

from __future__ import annotations

from rest_framework import serializers

from eudr_service.lib.fields import ApiModelSerializer
from suppliers.models import RosterImport, Supplier


class SupplierOutSerializer(ApiModelSerializer):
    id = serializers.UUIDField(source="public_id", read_only=True)
    parcels = serializers.ListField(child=serializers.CharField(), source="parcel_ids", read_only=True)
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
            "parcels",
            "land_street",
            "land_postal_code",
            "land_city",
            "livemode",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class RosterImportOutSerializer(ApiModelSerializer):
    file_format = serializers.ChoiceField(choices=["csv", "xlsx"], read_only=True)

    class Meta:
        model = RosterImport
        fields = ["filename", "file_format", "sha256", "rows", "created", "updated", "livemode", "created_at"]
        read_only_fields = fields
