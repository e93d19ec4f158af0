"""The OpenAPI descriptions of the statements' own addresses, one set per kind.

compliance.views answers a due diligence statement's and a simplified declaration's
record, PDF, evidence, withdrawal and amendment with the same actions; what the
published document says of each differs (operation ids, summaries, the problem codes
the EU gives for each kind), so it is declared here per kind and attached with
`extend_schema_view`. Changing a line here changes the published document: the kept
client's schema (clients/python/openapi.json) must be regenerated with it.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema

from compliance.filing_serializers import LEGACY_BODY_NOTE, DDSFilingSerializer
from compliance.sd_serializers import SDFilingSerializer
from compliance.serializers import (
    DDSListFilterSerializer,
    DDSRecordSerializer,
    SDRecordSerializer,
    SDSummarySerializer,
)
from eudr_service.lib.openapi import INVALID_CURSOR, PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.renderers import NO_FORMAT_PARAMETER
from evidence.schema import EvidenceDocumentSerializer

PDF_PENDING = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description=(
        "The PDF is being rendered by a worker (large statements always, small ones after "
        "a short wait or with `Prefer: respond-async`): poll `Location` after `Retry-After`."
    ),
)
PDF_FAILED = OpenApiResponse(
    ProblemSerializer,
    description="`pdf_failed`: not rendered; `limit` names the setting that refused it",
)
EVIDENCE_RESPONSES = {
    200: EvidenceDocumentSerializer,
    404: PROBLEM_RESPONSES[404],
    403: PROBLEM_RESPONSES[403],
}

_DDS_ID = OpenApiParameter("dds_id", OpenApiTypes.STR, OpenApiParameter.PATH)
_SD_ID = OpenApiParameter("sd_id", OpenApiTypes.STR, OpenApiParameter.PATH)


DDS_OPERATIONS = {
    "retrieve": extend_schema(
        operation_id="dds_retrieve",
        description="GET /api/eudr/v1/dds/{ddsId}: the full record, for its owner only.",
        summary="Retrieve a DDS with plots, risk results and status history",
        parameters=[_DDS_ID],
        responses={200: DDSRecordSerializer, 404: PROBLEM_RESPONSES[404], 403: PROBLEM_RESPONSES[403]},
        tags=["dds"],
    ),
    "pdf": extend_schema(
        operation_id="dds_pdf",
        summary="The DDS as PDF",
        parameters=[NO_FORMAT_PARAMETER, _DDS_ID],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The DDS as PDF"),
            (202, "application/json"): PDF_PENDING,
            (409, "application/json"): PDF_FAILED,
            **{(code, "application/json"): PROBLEM_RESPONSES[code] for code in (404, 403)},
        },
        tags=["dds"],
    ),
    "evidence": extend_schema(
        operation_id="dds_evidence",
        summary="The signed evidence record of the statement's latest verdict (full form)",
        description="Each record names the one it replaces (`record.replaces`); docs/evidence.md.",
        parameters=[_DDS_ID],
        responses=EVIDENCE_RESPONSES,
        tags=["dds"],
    ),
    "withdraw": extend_schema(
        operation_id="dds_withdraw",
        description="POST /api/eudr/v1/dds/{ddsId}/withdraw: here and at the EU, within the EU's 72 hours.",
        summary="Withdraw a DDS (at the EU too, within 72 hours of its submission there)",
        parameters=[_DDS_ID],
        request=None,
        responses={
            200: DDSRecordSerializer,
            404: PROBLEM_RESPONSES[404],
            403: PROBLEM_RESPONSES[403],
            409: OpenApiResponse(
                ProblemSerializer,
                description=(
                    "`eu_withdraw_window_closed` (72 hours after submission), "
                    "`eu_withdraw_not_allowed_for_status`, `eu_withdraw_refused` (the EU's codes), "
                    "`eu_submission_in_progress`, `dds_already_withdrawn`"
                ),
            ),
        },
        tags=["dds"],
    ),
    "amend": extend_schema(
        operation_id="dds_amend",
        summary="Amend a DDS the EU holds (a complete replacement, within 72 hours of submission)",
        description=(
            "The body is a complete filing body. It is screened again and must come out COMPLIANT; "
            "the activity cannot change. After 72 hours the EU takes no amendment: file a new statement. "
            + LEGACY_BODY_NOTE
        ),
        parameters=[_DDS_ID],
        request=DDSFilingSerializer,
        responses={
            200: DDSRecordSerializer,
            400: PROBLEM_RESPONSES[400],
            404: PROBLEM_RESPONSES[404],
            403: PROBLEM_RESPONSES[403],
            409: OpenApiResponse(
                ProblemSerializer,
                description=(
                    "`eu_amend_window_closed`, `eu_amend_not_allowed_for_status`, "
                    "`eu_amend_activity_change`, "
                    "`amendment_not_compliant`, `eu_amend_refused` (the EU's codes), `eu_amend_too_large`, "
                    "`eu_amend_wrong_kind` (a simplified declaration)"
                ),
            ),
        },
        tags=["dds"],
    ),
}


SD_OPERATIONS = {
    "list": extend_schema(
        operation_id="sd_list",
        description="GET/POST /api/eudr/v1/simplified-declarations.",
        summary="List your simplified declarations",
        parameters=[DDSListFilterSerializer],
        responses={
            200: SDSummarySerializer(many=True),
            400: PROBLEM_RESPONSES[400],
            403: PROBLEM_RESPONSES[403],
            404: INVALID_CURSOR,
        },
        tags=["simplified-declarations"],
    ),
    "create": extend_schema(
        operation_id="sd_create",
        summary="File a simplified declaration (micro or small primary operator, low-risk country)",
        description=(
            "Land as ULDK parcel ids (sent to the EU as cadastralIdentifier), postal addresses "
            "(postalAddress), points or GeoJSON. "
            "400 `sd_operator_not_eligible` for a medium or large operator, `sd_country_not_eligible` "
            "for a country that is not low-risk or a product not produced in the operator's own country. "
            + LEGACY_BODY_NOTE
        ),
        parameters=[OpenApiParameter("Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER)],
        request=SDFilingSerializer,
        responses={
            201: SDRecordSerializer,
            422: PROBLEM_RESPONSES[422],
            **{code: PROBLEM_RESPONSES[code] for code in (400, 403, 413)},
        },
        tags=["simplified-declarations"],
    ),
    "retrieve": extend_schema(
        operation_id="sd_retrieve",
        summary="Retrieve a simplified declaration with its plots, screening and EU status",
        parameters=[_SD_ID],
        responses={200: SDRecordSerializer, 404: PROBLEM_RESPONSES[404], 403: PROBLEM_RESPONSES[403]},
        tags=["simplified-declarations"],
    ),
    "pdf": extend_schema(
        operation_id="sd_pdf",
        summary="The simplified declaration as PDF",
        parameters=[NO_FORMAT_PARAMETER, _SD_ID],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="PDF"),
            **{(code, "application/json"): PROBLEM_RESPONSES[code] for code in (404, 403)},
        },
        tags=["simplified-declarations"],
    ),
    "evidence": extend_schema(
        operation_id="sd_evidence",
        summary="The signed evidence record of the declaration's latest verdict (full form)",
        parameters=[_SD_ID],
        responses=EVIDENCE_RESPONSES,
        tags=["simplified-declarations"],
    ),
    "amend": extend_schema(
        operation_id="sd_amend",
        summary="Update a simplified declaration the EU holds (a complete replacement)",
        description=(
            "The body is a complete simplified-declaration body. It is checked for eligibility and "
            "screened again and must come out COMPLIANT; the activity cannot change. The EU takes the "
            "update (updateSd) while the declaration is AVAILABLE there; it documents no time window. "
            + LEGACY_BODY_NOTE
        ),
        parameters=[_SD_ID],
        request=SDFilingSerializer,
        responses={
            200: SDRecordSerializer,
            400: PROBLEM_RESPONSES[400],
            404: PROBLEM_RESPONSES[404],
            403: PROBLEM_RESPONSES[403],
            409: OpenApiResponse(
                ProblemSerializer,
                description=(
                    "`eu_amend_not_allowed_for_status`, `eu_amend_activity_change`, "
                    "`amendment_not_compliant`, `eu_amend_refused` (the EU's codes), `eu_amend_too_large`, "
                    "`eu_credentials_missing`, `eu_unavailable`"
                ),
            ),
        },
        tags=["simplified-declarations"],
    ),
    "withdraw": extend_schema(
        operation_id="sd_withdraw",
        summary="Withdraw a simplified declaration, here and at the EU",
        description=(
            "Withdraws the declaration here and, while the EU holds it as SUBMITTED or AVAILABLE, "
            "there too (withdrawSd; the EU documents no 72-hour window for declarations). A "
            "declaration not yet sent is withdrawn here and never sent."
        ),
        parameters=[_SD_ID],
        request=None,
        responses={
            200: SDRecordSerializer,
            404: PROBLEM_RESPONSES[404],
            403: PROBLEM_RESPONSES[403],
            409: OpenApiResponse(
                ProblemSerializer,
                description=(
                    "`eu_withdraw_not_allowed_for_status`, `eu_withdraw_refused` (the EU's codes), "
                    "`eu_credentials_missing`, `eu_submission_in_progress`, `dds_already_withdrawn`"
                ),
            ),
        },
        tags=["simplified-declarations"],
    ),
}
