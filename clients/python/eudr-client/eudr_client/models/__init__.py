"""Contains all the data models used in inputs/outputs"""

from .activity_enum import ActivityEnum
from .annual_report_in_request import AnnualReportInRequest
from .annual_report_out import AnnualReportOut
from .annual_reports_pdf_format import AnnualReportsPdfFormat
from .annual_reports_pdf_lang import AnnualReportsPdfLang
from .annual_reports_pdf_response_202 import AnnualReportsPdfResponse202
from .api_version import ApiVersion
from .attempt import Attempt
from .attestation_declaration_version_enum import AttestationDeclarationVersionEnum
from .attestation_request import AttestationRequest
from .authorised_field_enum import AuthorisedFieldEnum
from .batch_item import BatchItem
from .batch_request import BatchRequest
from .batch_risk import BatchRisk
from .batch_summary import BatchSummary
from .batch_summary_by_level import BatchSummaryByLevel
from .bulk_filing_eu import BulkFilingEu
from .bulk_filing_eu_progress import BulkFilingEuProgress
from .bulk_filing_in_request import BulkFilingInRequest
from .bulk_filing_in_request_goods import BulkFilingInRequestGoods
from .bulk_filing_out import BulkFilingOut
from .bulk_filing_out_counts import BulkFilingOutCounts
from .bulk_filing_out_results import BulkFilingOutResults
from .bulk_filing_out_skipped import BulkFilingOutSkipped
from .bulk_filing_out_status_enum import BulkFilingOutStatusEnum
from .commodity_out import CommodityOut
from .commodity_request import CommodityRequest
from .concern_in_request import ConcernInRequest
from .concern_out import ConcernOut
from .consignment_in_request import ConsignmentInRequest
from .consignment_out import ConsignmentOut
from .consignment_out_eu_check_type_0 import ConsignmentOutEuCheckType0
from .crop_type_enum import CropTypeEnum
from .csrd_report import CsrdReport
from .csrd_report_create_format import CsrdReportCreateFormat
from .csrd_report_pdf_format import CsrdReportPdfFormat
from .csrd_report_request_request import CsrdReportRequestRequest
from .csrd_report_status_enum import CsrdReportStatusEnum
from .data_coverage import DataCoverage
from .dds_filing_request import DDSFilingRequest
from .dds_generate_response_202 import DdsGenerateResponse202
from .dds_list_status import DdsListStatus
from .dds_pdf_response_202 import DdsPdfResponse202
from .dds_record import DDSRecord
from .dds_record_attestation import DDSRecordAttestation
from .dds_record_eu_is_type_0 import DDSRecordEuIsType0
from .dds_record_evidence import DDSRecordEvidence
from .dds_record_operator_identity import DDSRecordOperatorIdentity
from .dds_summary import DDSSummary
from .delivery import Delivery
from .delivery_status_enum import DeliveryStatusEnum
from .document_type_enum import DocumentTypeEnum
from .duty import Duty
from .duty_enum import DutyEnum
from .emails_enum import EmailsEnum
from .environment_enum import EnvironmentEnum
from .eu_credential_in_request import EuCredentialInRequest
from .eu_credential_out import EuCredentialOut
from .events_enum import EventsEnum
from .evidence_document import EvidenceDocument
from .evidence_document_attachments_type_0 import EvidenceDocumentAttachmentsType0
from .evidence_document_record import EvidenceDocumentRecord
from .evidence_enum import EvidenceEnum
from .evidence_missing_enum import EvidenceMissingEnum
from .evidence_reference import EvidenceReference
from .evidence_signature import EvidenceSignature
from .existing_declaration_out import ExistingDeclarationOut
from .factor import Factor
from .field_error import FieldError
from .figure import Figure
from .file_format_enum import FileFormatEnum
from .form_enum import FormEnum
from .goods_in_request import GoodsInRequest
from .history_entry import HistoryEntry
from .job_progress import JobProgress
from .lang_enum import LangEnum
from .location_out import LocationOut
from .location_risk import LocationRisk
from .mandate_out import MandateOut
from .mandate_out_kind_enum import MandateOutKindEnum
from .mandate_out_status_enum import MandateOutStatusEnum
from .mandate_requests_in_request import MandateRequestsInRequest
from .mandate_requests_out import MandateRequestsOut
from .operator_identity_enum import OperatorIdentityEnum
from .operator_out import OperatorOut
from .operator_request import OperatorRequest
from .paginated_bulk_filing_out_list import PaginatedBulkFilingOutList
from .paginated_concern_out_list import PaginatedConcernOutList
from .paginated_dds_summary_list import PaginatedDDSSummaryList
from .paginated_delivery_list import PaginatedDeliveryList
from .paginated_sd_summary_list import PaginatedSDSummaryList
from .paginated_supplier_out_list import PaginatedSupplierOutList
from .paginated_trading_partner_out_list import PaginatedTradingPartnerOutList
from .paginated_upstream_reference_out_list import PaginatedUpstreamReferenceOutList
from .paginated_webhook_list import PaginatedWebhookList
from .parcel_out import ParcelOut
from .parcel_risk_out import ParcelRiskOut
from .parcel_risk_request import ParcelRiskRequest
from .patched_annual_report_texts_request import PatchedAnnualReportTextsRequest
from .patched_webhook_patch_request import PatchedWebhookPatchRequest
from .plot_out import PlotOut
from .plot_request import PlotRequest
from .point import Point
from .point_request import PointRequest
from .postal_address_out import PostalAddressOut
from .postal_address_request import PostalAddressRequest
from .problem import Problem
from .producer_out import ProducerOut
from .producer_request import ProducerRequest
from .report_content import ReportContent
from .review_shown import ReviewShown
from .risk_job_out import RiskJobOut
from .risk_job_out_counts_type_0 import RiskJobOutCountsType0
from .risk_job_out_options import RiskJobOutOptions
from .risk_job_out_results import RiskJobOutResults
from .risk_job_out_status_enum import RiskJobOutStatusEnum
from .risk_level_enum import RiskLevelEnum
from .risk_score_job_create_files_body import RiskScoreJobCreateFilesBody
from .risk_score_job_create_json_body import RiskScoreJobCreateJsonBody
from .risk_score_job_results_lang import RiskScoreJobResultsLang
from .risk_score_job_results_response_200 import RiskScoreJobResultsResponse200
from .role_obligations import RoleObligations
from .roles_enum import RolesEnum
from .roles_in_request import RolesInRequest
from .roles_out import RolesOut
from .roster_import_out import RosterImportOut
from .sd_attestation_declaration_version_enum import SDAttestationDeclarationVersionEnum
from .sd_attestation_request import SDAttestationRequest
from .sd_filing_request import SDFilingRequest
from .sd_list_status import SdListStatus
from .sd_operator_request import SDOperatorRequest
from .sd_record import SDRecord
from .sd_record_attestation import SDRecordAttestation
from .sd_record_eu_is_type_0 import SDRecordEuIsType0
from .sd_record_evidence import SDRecordEvidence
from .sd_record_operator_identity import SDRecordOperatorIdentity
from .sd_summary import SDSummary
from .size_enum import SizeEnum
from .species_out import SpeciesOut
from .species_request import SpeciesRequest
from .supplementary_unit_qualifier_enum import SupplementaryUnitQualifierEnum
from .supplier_filings_results_csv_lang import SupplierFilingsResultsCsvLang
from .supplier_filings_results_json_response_200 import SupplierFilingsResultsJsonResponse200
from .supplier_filings_results_xlsx_lang import SupplierFilingsResultsXlsxLang
from .supplier_out import SupplierOut
from .supplier_request import SupplierRequest
from .suppliers_consignments_csv_lang import SuppliersConsignmentsCsvLang
from .suppliers_import_body import SuppliersImportBody
from .suppliers_list_commodity import SuppliersListCommodity
from .suppliers_mandate_upload_body import SuppliersMandateUploadBody
from .suppliers_template_lang import SuppliersTemplateLang
from .suppliers_template_xlsx_lang import SuppliersTemplateXlsxLang
from .suspended_mandate_row import SuspendedMandateRow
from .system_review import SystemReview
from .system_review_request import SystemReviewRequest
from .trading_partner_in_kind_enum import TradingPartnerInKindEnum
from .trading_partner_in_request import TradingPartnerInRequest
from .trading_partner_out import TradingPartnerOut
from .trading_partners_export_csv_lang import TradingPartnersExportCsvLang
from .trading_partners_export_json_response_200 import TradingPartnersExportJsonResponse200
from .trading_partners_list_kind import TradingPartnersListKind
from .upstream_origin_enum import UpstreamOriginEnum
from .upstream_recheck_out import UpstreamRecheckOut
from .upstream_reference_in_request import UpstreamReferenceInRequest
from .upstream_reference_out import UpstreamReferenceOut
from .upstream_state_enum import UpstreamStateEnum
from .verification_record import VerificationRecord
from .verification_record_status_enum import VerificationRecordStatusEnum
from .verify_filed_by import VerifyFiledBy
from .verify_filed_by_role_enum import VerifyFiledByRoleEnum
from .verify_mandate import VerifyMandate
from .verify_mandate_basis_enum import VerifyMandateBasisEnum
from .verify_mandate_operator_identity_enum import VerifyMandateOperatorIdentityEnum
from .webhook import Webhook
from .webhook_in_request import WebhookInRequest
from .webhook_with_secret import WebhookWithSecret
from .webhooks_deliveries_status import WebhooksDeliveriesStatus
from .widget_script_lang import WidgetScriptLang
from .widget_script_style import WidgetScriptStyle

__all__ = (
    "ActivityEnum",
    "AnnualReportInRequest",
    "AnnualReportOut",
    "AnnualReportsPdfFormat",
    "AnnualReportsPdfLang",
    "AnnualReportsPdfResponse202",
    "ApiVersion",
    "Attempt",
    "AttestationDeclarationVersionEnum",
    "AttestationRequest",
    "AuthorisedFieldEnum",
    "BatchItem",
    "BatchRequest",
    "BatchRisk",
    "BatchSummary",
    "BatchSummaryByLevel",
    "BulkFilingEu",
    "BulkFilingEuProgress",
    "BulkFilingInRequest",
    "BulkFilingInRequestGoods",
    "BulkFilingOut",
    "BulkFilingOutCounts",
    "BulkFilingOutResults",
    "BulkFilingOutSkipped",
    "BulkFilingOutStatusEnum",
    "CommodityOut",
    "CommodityRequest",
    "ConcernInRequest",
    "ConcernOut",
    "ConsignmentInRequest",
    "ConsignmentOut",
    "ConsignmentOutEuCheckType0",
    "CropTypeEnum",
    "CsrdReport",
    "CsrdReportCreateFormat",
    "CsrdReportPdfFormat",
    "CsrdReportRequestRequest",
    "CsrdReportStatusEnum",
    "DataCoverage",
    "DDSFilingRequest",
    "DdsGenerateResponse202",
    "DdsListStatus",
    "DdsPdfResponse202",
    "DDSRecord",
    "DDSRecordAttestation",
    "DDSRecordEuIsType0",
    "DDSRecordEvidence",
    "DDSRecordOperatorIdentity",
    "DDSSummary",
    "Delivery",
    "DeliveryStatusEnum",
    "DocumentTypeEnum",
    "Duty",
    "DutyEnum",
    "EmailsEnum",
    "EnvironmentEnum",
    "EuCredentialInRequest",
    "EuCredentialOut",
    "EventsEnum",
    "EvidenceDocument",
    "EvidenceDocumentAttachmentsType0",
    "EvidenceDocumentRecord",
    "EvidenceEnum",
    "EvidenceMissingEnum",
    "EvidenceReference",
    "EvidenceSignature",
    "ExistingDeclarationOut",
    "Factor",
    "FieldError",
    "Figure",
    "FileFormatEnum",
    "FormEnum",
    "GoodsInRequest",
    "HistoryEntry",
    "JobProgress",
    "LangEnum",
    "LocationOut",
    "LocationRisk",
    "MandateOut",
    "MandateOutKindEnum",
    "MandateOutStatusEnum",
    "MandateRequestsInRequest",
    "MandateRequestsOut",
    "OperatorIdentityEnum",
    "OperatorOut",
    "OperatorRequest",
    "PaginatedBulkFilingOutList",
    "PaginatedConcernOutList",
    "PaginatedDDSSummaryList",
    "PaginatedDeliveryList",
    "PaginatedSDSummaryList",
    "PaginatedSupplierOutList",
    "PaginatedTradingPartnerOutList",
    "PaginatedUpstreamReferenceOutList",
    "PaginatedWebhookList",
    "ParcelOut",
    "ParcelRiskOut",
    "ParcelRiskRequest",
    "PatchedAnnualReportTextsRequest",
    "PatchedWebhookPatchRequest",
    "PlotOut",
    "PlotRequest",
    "Point",
    "PointRequest",
    "PostalAddressOut",
    "PostalAddressRequest",
    "Problem",
    "ProducerOut",
    "ProducerRequest",
    "ReportContent",
    "ReviewShown",
    "RiskJobOut",
    "RiskJobOutCountsType0",
    "RiskJobOutOptions",
    "RiskJobOutResults",
    "RiskJobOutStatusEnum",
    "RiskLevelEnum",
    "RiskScoreJobCreateFilesBody",
    "RiskScoreJobCreateJsonBody",
    "RiskScoreJobResultsLang",
    "RiskScoreJobResultsResponse200",
    "RoleObligations",
    "RolesEnum",
    "RolesInRequest",
    "RolesOut",
    "RosterImportOut",
    "SDAttestationDeclarationVersionEnum",
    "SDAttestationRequest",
    "SDFilingRequest",
    "SdListStatus",
    "SDOperatorRequest",
    "SDRecord",
    "SDRecordAttestation",
    "SDRecordEuIsType0",
    "SDRecordEvidence",
    "SDRecordOperatorIdentity",
    "SDSummary",
    "SizeEnum",
    "SpeciesOut",
    "SpeciesRequest",
    "SupplementaryUnitQualifierEnum",
    "SupplierFilingsResultsCsvLang",
    "SupplierFilingsResultsJsonResponse200",
    "SupplierFilingsResultsXlsxLang",
    "SupplierOut",
    "SupplierRequest",
    "SuppliersConsignmentsCsvLang",
    "SuppliersImportBody",
    "SuppliersListCommodity",
    "SuppliersMandateUploadBody",
    "SuppliersTemplateLang",
    "SuppliersTemplateXlsxLang",
    "SuspendedMandateRow",
    "SystemReview",
    "SystemReviewRequest",
    "TradingPartnerInKindEnum",
    "TradingPartnerInRequest",
    "TradingPartnerOut",
    "TradingPartnersExportCsvLang",
    "TradingPartnersExportJsonResponse200",
    "TradingPartnersListKind",
    "UpstreamOriginEnum",
    "UpstreamRecheckOut",
    "UpstreamReferenceInRequest",
    "UpstreamReferenceOut",
    "UpstreamStateEnum",
    "VerificationRecord",
    "VerificationRecordStatusEnum",
    "VerifyFiledBy",
    "VerifyFiledByRoleEnum",
    "VerifyMandate",
    "VerifyMandateBasisEnum",
    "VerifyMandateOperatorIdentityEnum",
    "Webhook",
    "WebhookInRequest",
    "WebhooksDeliveriesStatus",
    "WebhookWithSecret",
    "WidgetScriptLang",
    "WidgetScriptStyle",
)
