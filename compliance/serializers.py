"""Serializers describing the compliance API (also used for the OpenAPI schema)."""

from typing import Any

from django.utils import translation
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from compliance.evidence import statement_attestation, statement_evidence, statement_operator_identity
from compliance.hooks import eu_filing_port
from compliance.models import DDSStatus
from eudr_service.lib.fields import ApiLinkField, OptionalCharField, QuantityField, TimestampField
from eudr_service.lib.versioning import old_form_mark, served_at_least, served_language
from regulation.commodities import UnknownCommodity, commodity_label, normalize_commodity
from risk.engine import RiskLevel

# The statements' own addresses: a due diligence statement's, and a simplified declaration's.
DDS_PATH = "/api/eudr/v1/dds"
SD_PATH = "/api/eudr/v1/simplified-declarations"
_LINK_HELP = "Absolute from API version 1.1; the path in 1.0"


class VerifyFiledBySerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=["operator", "authorised_representative"])
    name = serializers.CharField(
        allow_null=True,
        help_text="The operator's public name; for a representative, its organisation's registered name",
    )
    confirmed_by_staff = serializers.BooleanField(
        help_text="Staff verified the operator, or confirmed the representative (once, for all it files for)"
    )


class VerifyMandateSerializer(serializers.Serializer):
    basis = serializers.ChoiceField(
        choices=["signed_document", "email_confirmation"],
        help_text=(
            "`signed_document`: a signed authorisation our staff reviewed (or a mandate staff verified); "
            "`email_confirmation`: the operator used a link sent to the address the representative gave"
        ),
    )
    confirmed_at = serializers.CharField(allow_null=True, help_text="2026-03-01T12:00:00.000Z")
    operator_identity = serializers.ChoiceField(
        choices=["verified_by_staff", "signed_authorisation_reviewed_by_staff", "declared_by_representative"],
        help_text=(
            "How the represented operator's identity is known: `declared_by_representative` when the mandate "
            "rests on an e-mail confirmation only (the representative's roster names the operator; nobody "
            "verified who it is)"
        ),
    )


class VerificationRecordSerializer(serializers.Serializer):
    """Specification 2.1; timestamps are UTC with milliseconds and a Z suffix."""

    dds_id = serializers.CharField()
    status = serializers.ChoiceField(
        choices=DDSStatus.choices,
        help_text=(
            "The public status. Never COMPLIANT while `operator_identity` is `unconfirmed`: "
            "such a statement's COMPLIANT screening shows UNDER_REVIEW (verification in progress)."
        ),
    )
    risk_level = serializers.ChoiceField(choices=RiskLevel.choices, allow_null=True)
    operator_name = serializers.CharField()
    commodity = serializers.CharField(help_text="Commodity name in Polish")
    country_of_production = serializers.CharField(min_length=2, max_length=2)
    verified_at = serializers.CharField(allow_null=True, help_text="2025-03-01T12:00:00.000Z")
    valid_until = serializers.CharField(allow_null=True, help_text="2026-03-01T12:00:00.000Z")
    cert_url = serializers.URLField()
    operator_identity = serializers.ChoiceField(
        choices=["confirmed", "unconfirmed"],
        help_text=(
            "Additive field: `confirmed` only when staff verified the operator and the filing "
            "account's right to file for it, or, for a declaration an authorised representative "
            "filed under its own mandate (a buyer for its farmers), staff confirmed the "
            "representative (`filed_by`; `mandate.operator_identity` says how the operator is known). "
            "While `unconfirmed`, `verified_at` is null and the badge is never green."
        ),
    )
    document_type = serializers.ChoiceField(
        choices=["due_diligence_statement", "simplified_declaration"],
        help_text=(
            "Additive field: which document this is. A simplified declaration (Annex III, micro or "
            "small primary operators) is not a due diligence statement; declarations filed before "
            "the `SD-` identifiers keep their `DDS-` identifier and still say `simplified_declaration`."
        ),
    )
    filed_by = VerifyFiledBySerializer(
        help_text="Additive field: who filed it, the operator itself or an authorised representative (Art. 6)"
    )
    mandate = VerifyMandateSerializer(
        allow_null=True,
        help_text="Additive field: what a representative's mandate rests on; null for an operator's own",
    )
    eu_status = serializers.CharField(
        allow_null=True,
        help_text="Additive field: the EU Information System's own status (e.g. AVAILABLE); null before",
    )


def _commodity_codes(names: str) -> list[str]:
    # A statement keeps its commodities' Polish names joined by ", " (the verify record's
    # `commodity`); each maps back to its Annex I code through the one synonym table.
    return [_code_of(name) for name in names.split(", ") if name]


def _code_of(name: str) -> str:
    try:
        return normalize_commodity(name).code
    except UnknownCommodity:  # never stored by our filings; shown as it is rather than failing
        return name


@extend_schema_field({"type": "string"})
class StatementCommodityField(serializers.Field):
    """`commodity` of a statement: Annex I codes from 1.1 on (`soya`, several joined by
    ", "), the Polish names of the verify record in 1.0 (`soja`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: str) -> str:
        if served_at_least("1.1"):
            return ", ".join(_commodity_codes(value))
        old_form_mark()
        return value


def commodity_name(codes: list[str]) -> str:
    """The commodities named for the reader (Accept-Language, pl or en), joined by ", "."""
    with translation.override(served_language()):
        return ", ".join(commodity_label(code) for code in codes)


class HistoryEntrySerializer(serializers.Serializer):
    from_status = serializers.CharField()
    to_status = serializers.CharField()
    changed_at = TimestampField()
    by = serializers.SerializerMethodField(help_text="operator, staff or system")
    reason = serializers.CharField()
    rule = serializers.CharField(help_text="Stable code of the rule that decided")

    def get_by(self, change) -> str:
        if change.changed_by_id is None:
            return "system"
        return (
            "staff"
            if change.changed_by.is_staff and change.changed_by_id != change.statement.owner_id
            else "operator"
        )


class PostalAddressOutSerializer(serializers.Serializer):
    street = serializers.CharField(allow_blank=True)
    postal_code = serializers.CharField()
    city = serializers.CharField()


class PlotOutSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="parcel, point, geometry or address")
    reference = serializers.CharField(allow_blank=True, help_text="Your own identifier of the plot, as filed")
    parcel_id = serializers.CharField(allow_blank=True)
    geometry = serializers.JSONField(allow_null=True)
    address = PostalAddressOutSerializer(
        allow_null=True, help_text="An address plot's postal address (simplified declarations); else null"
    )
    area_ha = QuantityField(max_digits=12, decimal_places=4, allow_null=True)
    risk_level = OptionalCharField(help_text="null until screened")
    screening_error = serializers.CharField(allow_blank=True)
    finding = serializers.CharField(
        allow_blank=True, help_text="Stable code of the verdict rule for this plot"
    )
    risk = serializers.JSONField(allow_null=True)


class SpeciesOutSerializer(serializers.Serializer):
    scientific_name = serializers.CharField()
    common_name = serializers.CharField()


class ProducerOutSerializer(serializers.Serializer):
    name = serializers.CharField()
    country = serializers.CharField()
    is_operator = serializers.BooleanField(help_text="true: the operator produced these goods itself")
    plots = serializers.ListField(
        child=serializers.IntegerField(), help_text="The producer's plots: their numbers (1-based) in `plots`"
    )


class CommodityOutSerializer(serializers.Serializer):
    commodity = serializers.CharField(source="code", help_text="Annex I code, e.g. soya")
    commodity_name = serializers.SerializerMethodField(
        help_text="The commodity named in the language of Accept-Language (pl or en; English by default)"
    )
    description = serializers.CharField()
    hs_heading = serializers.CharField()
    net_mass_kg = QuantityField(max_digits=14, decimal_places=3, allow_null=True)
    percentage_estimation_or_deviation = QuantityField(
        max_digits=5, decimal_places=3, allow_null=True, help_text="V3 percentageEstimationOrDeviation"
    )
    supplementary_unit = QuantityField(max_digits=14, decimal_places=3, allow_null=True)
    supplementary_unit_qualifier = serializers.CharField(allow_blank=True, help_text="e.g. NAR, MTQ; empty")
    country_of_production = serializers.CharField(help_text="The first producer's country")
    species = SpeciesOutSerializer(many=True, help_text="Tree species (V3 speciesInfo); empty when not given")
    producers = ProducerOutSerializer(many=True, source="producer_rows", help_text="V3 producers")
    plots = PlotOutSerializer(many=True)

    def get_commodity_name(self, line) -> str:
        return commodity_name([line.code])


class OperatorOutSerializer(serializers.Serializer):
    name = serializers.CharField(source="operator_name")
    nip = serializers.CharField(source="operator_nip")
    eori = serializers.CharField(source="operator_eori")
    country = serializers.CharField(source="operator_country")
    address = serializers.CharField(source="operator_address")
    email = serializers.CharField(source="operator_email", allow_blank=True)
    phone = serializers.CharField(source="operator_phone", allow_blank=True)


class DDSSummarySerializer(serializers.Serializer):
    dds_id = serializers.CharField(
        help_text="`DDS-...` for a due diligence statement, `SD-...` for a simplified declaration"
    )
    document_type = serializers.ChoiceField(
        choices=["due_diligence_statement", "simplified_declaration"],
        help_text="Which document this is; the kind is stored, not read from the identifier",
    )
    status = serializers.CharField(source="effective_status")
    risk_level = OptionalCharField(help_text="null until screened")
    internal_reference = serializers.CharField(allow_blank=True)
    activity = serializers.CharField(allow_blank=True)
    operator_name = serializers.CharField()
    commodity = StatementCommodityField(
        help_text=(
            "Annex I code(s), e.g. soya; several joined by ', '. "
            "API version 1.0 (the default) answers the Polish name(s) instead, as the verify record does"
        )
    )
    commodity_name = serializers.SerializerMethodField(
        help_text="The commodities named in the language of Accept-Language (pl or en; English by default)"
    )
    country_of_production = serializers.CharField()
    created_at = TimestampField()
    verified_at = TimestampField(allow_null=True)
    valid_until = TimestampField(allow_null=True)
    cert_url = serializers.URLField(help_text="The public status page; absolute in every version")
    livemode = serializers.BooleanField(help_text="false for test (sandbox) data, filed with a test key")
    url = ApiLinkField(lambda statement: f"{DDS_PATH}/{statement.dds_id}", help_text=_LINK_HELP)

    def get_commodity_name(self, statement) -> str:
        return commodity_name(_commodity_codes(statement.commodity))


class DDSRecordSerializer(DDSSummarySerializer):
    operator = OperatorOutSerializer(source="*")
    operator_identity = serializers.SerializerMethodField(
        help_text="Which organisation of the account the operator matched, and whether staff verified it"
    )
    badge = serializers.SerializerMethodField(
        help_text="What the public badge shows: verified, in_progress, none"
    )
    attestation = serializers.SerializerMethodField()
    evidence = serializers.SerializerMethodField(
        help_text="Layers answered, methodology, warnings, the rule and who decided"
    )
    commodities = CommodityOutSerializer(many=True)
    border_cross_country = serializers.CharField(
        allow_blank=True, help_text="V3 borderCrossCountry (import, export); empty otherwise"
    )
    grouped_declarations = serializers.ListField(
        child=serializers.CharField(), help_text="V3 groupedDeclarations: EU reference numbers grouped"
    )
    geolocation_confidential = serializers.BooleanField(
        help_text="V3 geoLocationConfidential as sent to the EU; true: no plot geometry on public pages"
    )
    eu_reference_number = serializers.CharField(allow_blank=True)
    eu_verification_number = serializers.CharField(allow_blank=True)
    screened_at = TimestampField(allow_null=True)
    eu_is = serializers.SerializerMethodField(
        help_text="Submission to the EU Information System; null until the statement is COMPLIANT"
    )
    pdf_url = ApiLinkField(lambda statement: f"{DDS_PATH}/{statement.dds_id}/pdf", help_text=_LINK_HELP)
    history = HistoryEntrySerializer(many=True)

    def get_eu_is(self, statement) -> dict | None:
        # The EU outbox above compliance gives the section (compliance.hooks).
        return eu_filing_port().statement_section(statement)

    def get_operator_identity(self, statement) -> dict:
        return statement_operator_identity(statement)

    def get_badge(self, statement) -> str:
        return statement.badge()

    def get_attestation(self, statement) -> dict:
        return statement_attestation(statement)

    def get_evidence(self, statement) -> dict:
        return statement_evidence(statement)


class SDSummarySerializer(DDSSummarySerializer):
    url = ApiLinkField(lambda declaration: f"{SD_PATH}/{declaration.dds_id}", help_text=_LINK_HELP)


class SDRecordSerializer(DDSRecordSerializer):
    operator_size = serializers.CharField()
    url = ApiLinkField(lambda declaration: f"{SD_PATH}/{declaration.dds_id}", help_text=_LINK_HELP)
    pdf_url = ApiLinkField(lambda declaration: f"{SD_PATH}/{declaration.dds_id}/pdf", help_text=_LINK_HELP)


class DDSListFilterSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=DDSStatus.choices, required=False)
    commodity = serializers.CharField(required=False, help_text="Annex I code or Polish/English name")
    created_after = serializers.DateField(required=False)
    created_before = serializers.DateField(required=False)
    internal_reference = serializers.CharField(
        required=False, max_length=100, help_text="Your own reference, as filed (exact match)"
    )


# A supplier or customer recorded for a consignment (compliance.downstream); the suppliers app
# embeds it in a consignment, so it lives here beside the other records other apps answer with.
class TradingPartnerOutSerializer(serializers.Serializer):
    id = serializers.UUIDField(source="public_id")
    kind = serializers.CharField()
    consignment_reference = serializers.CharField()
    consignment_date = serializers.DateField()
    name = serializers.CharField()
    trade_name = serializers.CharField()
    postal_address = serializers.CharField()
    email = serializers.CharField()
    website = serializers.CharField()
    retained_until = serializers.DateField(help_text="Kept at least until this day; deleted after it")
    created_at = TimestampField()
