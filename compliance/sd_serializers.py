"""The simplified declaration body: the filing body plus the operator's size, and eligibility.

Land may also be a postal address (a plot `{"address": {...}}`); species are not asked for.

Who may file one (Regulation (EU) 2023/1115 Art. 2(35a) and 4a, inserted by
Regulation (EU) 2025/2650; regulation.regime): a natural person or a micro or
small undertaking, established in a low-risk country, placing on the market or
exporting products it produced there itself. Anyone else files a due
diligence statement, and is refused here with a 400 naming the reason.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from compliance.declarations import SD_DECLARATION_VERSION
from compliance.filing_serializers import (
    AttestationSerializer,
    AttestedField,
    DDSFilingSerializer,
    OperatorSerializer,
)
from regulation.benchmark import benchmark_class
from regulation.regime import Obligation, Role, Size, regime_for

ELIGIBLE_SIZES = (Size.NATURAL_PERSON, Size.MICRO, Size.SMALL)


class SDOperatorSerializer(OperatorSerializer):
    size = serializers.ChoiceField(
        choices=[size.value for size in Size],
        help_text="natural_person, micro or small (Directive 2013/34/EU Art. 3); medium, large refused",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # A natural person farmer may have neither NIP nor EORI: only a name and address.
        if attrs["size"] != Size.NATURAL_PERSON:
            attrs = super().validate(attrs)
        return attrs


class SDAttestationSerializer(AttestationSerializer):
    """A simplified declaration attests Annex III point 4 (added by Regulation (EU) 2025/2650),
    not Annex II point 5: `annex_iii_declaration`. Bodies written before it existed send
    `annex_ii_declaration`, still taken as the same confirmation (deprecated)."""

    annex_iii_declaration = AttestedField(
        required=False,
        help_text="The Annex III point 4 confirmation of a micro or small primary operator (required; "
        "`annex_ii_declaration: true` is taken instead from older bodies)",
    )
    annex_ii_declaration = AttestedField(
        required=False, help_text="Deprecated for simplified declarations: send annex_iii_declaration"
    )
    declaration_version = serializers.ChoiceField(
        choices=[SD_DECLARATION_VERSION],
        required=False,
        help_text="The confirmation text attested; always the current Annex III point 4 text",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = super().validate(attrs)
        if not (attrs.pop("annex_iii_declaration", False) or attrs.get("annex_ii_declaration")):
            raise serializers.ValidationError(
                {"annex_iii_declaration": [ErrorDetail("This field is required.", code="required")]}
            )
        # Stored where a statement keeps its declaration; the version names the Annex III text.
        attrs["annex_ii_declaration"] = True
        attrs["declaration_version"] = SD_DECLARATION_VERSION
        return attrs


def _refuse(path: dict[str, Any]) -> serializers.ValidationError:
    return serializers.ValidationError(path)


class SDFilingSerializer(DDSFilingSerializer):
    operator = SDOperatorSerializer()
    attestation = SDAttestationSerializer()

    # The SD contract has no speciesInfo, and takes a postal address as the place of
    # production (SD XSD 8.2.1 SdProducerLocationType; OPS 11.4.3): Art. 4a(5) of Regulation
    # (EU) 2023/1115, inserted by 2025/2650, applying with the simplified declaration itself.
    requires_species = False
    allows_address_plots = True

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = super().validate(attrs)
        operator = attrs["operator"]
        size = Size(operator["size"])
        if size not in ELIGIBLE_SIZES:
            raise _refuse(
                {
                    "operator": {
                        "size": [
                            ErrorDetail(
                                "Only natural persons and micro or small undertakings may file a simplified "
                                "declaration (Art. 4a of Regulation (EU) 2023/1115 as amended by 2025/2650); "
                                "file a due diligence statement instead.",
                                code="sd_operator_not_eligible",
                            )
                        ]
                    }
                }
            )
        on = self.context.get("filing_date") or timezone.now().date()
        if benchmark_class(operator["country"], on) != "low":
            raise _refuse(
                {
                    "operator": {
                        "country": [
                            ErrorDetail(
                                f"{operator['country']} is not a low-risk country on {on.isoformat()} "
                                "(Implementing Regulation (EU) 2025/1093): no simplified declaration.",
                                code="sd_country_not_eligible",
                            )
                        ]
                    }
                }
            )
        errors: dict[int, dict[str, list[ErrorDetail]]] = {}
        for index, line in enumerate(attrs["commodities"]):
            # Every producer of the line is the operator's own land in its own country.
            for country in dict.fromkeys(producer["country"] for producer in line["producers"]):
                regime = regime_for(
                    commodity=line["commodity"].code,
                    hs_code=line["hs_heading"],
                    role=Role.MICRO_SMALL_PRIMARY_OPERATOR,
                    size=size,
                    country_code=country,
                    on=on,
                )
                if regime.obligation != Obligation.SIMPLIFIED_DECLARATION or country != operator["country"]:
                    errors[index] = {
                        "country_of_production": [
                            ErrorDetail(
                                f"Produced in {country}: a simplified declaration covers only products "
                                f"the operator produced itself in its own low-risk country "
                                f"({operator['country']}).",
                                code="sd_country_not_eligible",
                            )
                        ]
                    }
        if errors:
            raise _refuse({"commodities": errors})
        return attrs
