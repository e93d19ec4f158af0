"""The EU Information System V3 contract as the EU documents it: names, values, limits.

Sources (the EU's published interface documents, release 8.2.1 / Operator API
Reference v1.0 of 2026-05-29). Abbreviations used in the comments below:

- OPS: "EUDR Information System - Operator API Reference" v1.0 (API V3), 2026-05-29
- DTR: "EUDR Information System - Downstream Operator and Trader API Reference" v1.0
- WSDL/XSD: the V3 service contracts of release 8.2.1 (DueDiligenceStatement,
  SimplifiedDeclaration, VerifyDeclaration services)
- CF1..CF6: the EU's conformance-test documents v1.4 of 22 July 2025 (V1/V2 era)

Every value here is a fact of the EU's contract, not of our product; where the
documents disagree the comment says so and docs/eu-information-system.md
lists it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# --- Namespaces (OPS 4.1, 4.2, 3; DTR 4.1; WSDL) --------------------------------
NS_SOAP = "http://schemas.xmlsoap.org/soap/envelope/"
NS_WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"
NS_WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"
NS_BASE = "http://ec.europa.eu/sanco/tracesnt/base/v4"
NS_COMMON = "http://ec.europa.eu/tracesnt/certificate/eudr/common/v3"
NS_DDS = "http://ec.europa.eu/tracesnt/certificate/eudr/due-diligence-statement/v3"
NS_SD = "http://ec.europa.eu/tracesnt/certificate/eudr/simplified-declaration/v3"
NS_VERIFY = "http://ec.europa.eu/tracesnt/certificate/eudr/verify-declaration/v3"
NS_ECHO = "http://ec.europa.eu/tracesnt/eudr/echo"
NS_ERROR = "http://ec.europa.eu/sanco/tracesnt/error/v01"

PASSWORD_DIGEST_TYPE = (
    "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest"
)
NONCE_ENCODING_TYPE = (
    "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary"
)

# --- Environments (OPS 1.2.1, DTR 1.2) ------------------------------------------
ACCEPTANCE_BASE_URL = "https://acceptance.eudr.webcloud.ec.europa.eu/tracesnt/"
PRODUCTION_BASE_URL = "https://eudr.webcloud.ec.europa.eu/tracesnt/"


# --- Services and operations (WSDL bindings) ------------------------------------
class Service(StrEnum):
    DDS = "ws/EUDRDueDiligenceStatementServiceV3"
    SD = "ws/EUDRSimplifiedDeclarationServiceV3"
    VERIFY = "ws/EUDRVerifyDeclarationServiceV3"
    ECHO = "ws/eudr/echo"


@dataclass(frozen=True)
class Operation:
    name: str
    service: Service
    namespace: str
    request: str
    response: str
    soap_action: str


def _op(
    name: str, service: Service, ns: str, request: str, response: str, *, action_ns: str | None = None
) -> Operation:
    return Operation(name, service, ns, request, response, f"{action_ns or ns}/{name}")


# The SD service's three retrieval operations carry soapActions in the DDS
# namespace in the 8.2.1 WSDL (a quirk of the EU's file); we send them as published.
OPERATIONS: dict[str, Operation] = {
    op.name: op
    for op in (
        _op("submitDds", Service.DDS, NS_DDS, "SubmitDdsRequest", "SubmitDdsResponse"),
        _op("amendDds", Service.DDS, NS_DDS, "AmendDdsRequest", "AmendDdsResponse"),
        _op("withdrawDds", Service.DDS, NS_DDS, "WithdrawDdsRequest", "WithdrawDdsResponse"),
        _op("getDds", Service.DDS, NS_DDS, "GetDdsRequest", "GetDdsResponse"),
        _op(
            "getDdsByInternalReference",
            Service.DDS,
            NS_DDS,
            "GetDdsByInternalReferenceRequest",
            "GetDdsByInternalReferenceResponse",
        ),
        _op(
            "getDdsByIdentifiers",
            Service.DDS,
            NS_DDS,
            "GetDdsByIdentifiersRequest",
            "GetDdsByIdentifiersResponse",
        ),
        _op("submitSd", Service.SD, NS_SD, "SubmitSdRequest", "SubmitSdResponse"),
        _op("updateSd", Service.SD, NS_SD, "UpdateSdRequest", "UpdateSdResponse"),
        _op("withdrawSd", Service.SD, NS_SD, "WithdrawSdRequest", "WithdrawSdResponse"),
        _op("getSd", Service.SD, NS_SD, "GetSdRequest", "GetSdResponse", action_ns=NS_DDS),
        _op(
            "getSdByInternalReference",
            Service.SD,
            NS_SD,
            "GetSdByInternalReferenceRequest",
            "GetSdByInternalReferenceResponse",
            action_ns=NS_DDS,
        ),
        _op(
            "getSdByIdentifiers",
            Service.SD,
            NS_SD,
            "GetSdByIdentifiersRequest",
            "GetSdByIdentifiersResponse",
            action_ns=NS_DDS,
        ),
        Operation(
            "verifyDeclaration",
            Service.VERIFY,
            NS_VERIFY,
            "VerifyDeclarationRequest",
            "VerifyDeclarationResponse",
            "http://ec.europa.eu/tracesnt/certificate/eudr/verification/v3/verify-declaration",
        ),
        # The echo WSDL publishes the namespace itself as the soapAction, without the operation name.
        Operation("testEcho", Service.ECHO, NS_ECHO, "EudrEchoRequest", "EudrEchoResponse", NS_ECHO),
    )
}


# --- Enumerations (XSD eudr-common-v3, dds-v3, sd-v3, verify-v3) ----------------
class EudrStatus(StrEnum):
    """EudrStatusType. SUSPENDED and UPDATED are "not active in current release" (OPS 4.1.4).

    DRAFT is listed as new in V3 by the migration guide (OPS 6.1.5) but is not in
    the 8.2.1 XSD enumeration; we accept it in answers and never send it.
    """

    SUBMITTED = "SUBMITTED"
    AVAILABLE = "AVAILABLE"
    REJECTED = "REJECTED"
    WITHDRAWN = "WITHDRAWN"
    ARCHIVED = "ARCHIVED"
    SUSPENDED = "SUSPENDED"
    UPDATED = "UPDATED"
    GROUPED = "GROUPED"
    OBSOLETE = "OBSOLETE"
    DRAFT = "DRAFT"


# A status the EU will not change by itself any more: polling may stop.
FINAL_STATUSES = frozenset(
    {
        EudrStatus.AVAILABLE,
        EudrStatus.REJECTED,
        EudrStatus.WITHDRAWN,
        EudrStatus.ARCHIVED,
        EudrStatus.OBSOLETE,
    }
)


class ActivityType(StrEnum):
    """ActivityType (OPS 4.1.4). TRADE was removed in V3 (OPS 7.1.6)."""

    DOMESTIC = "DOMESTIC"
    IMPORT = "IMPORT"
    EXPORT = "EXPORT"


class DdsOperatorRole(StrEnum):
    """OperatorRoleType (OPS 4.1.3). TRADER and REPRESENTATIVE_TRADER were removed (OPS 7.1.5)."""

    OPERATOR = "OPERATOR"
    REPRESENTATIVE_OPERATOR = "REPRESENTATIVE_OPERATOR"


class SdOperatorRole(StrEnum):
    """SdOperatorRoleType (OPS 4.2.3)."""

    MICRO_OPERATOR = "MICRO_OPERATOR"
    REPRESENTATIVE_MSPO = "REPRESENTATIVE_MSPO"
    MEMBER_STATE = "MEMBER_STATE"


class IdentifierType(StrEnum):
    """IdentifierTypeType (OPS 4.1.4; the 8.2.1 XSD keeps all ten values)."""

    EORI = "eori"
    VAT = "vat"
    GLN = "gln"
    TIN = "tin"
    CBR = "cbr"
    CIN = "cin"
    DUNS = "duns"
    COMP_NUM = "comp_num"
    COMP_REG = "comp_reg"
    ONI = "oni"


class VerifyResult(StrEnum):
    """VerifyResultType (DTR 4.1.2)."""

    EXISTING_USABLE = "EXISTING_USABLE"
    EXISTING_NON_USABLE = "EXISTING_NON_USABLE"
    NON_EXISTENT = "NON_EXISTENT"


# EuropeanCountryType (OPS 4.1.4): the EU-27 and XI (Northern Ireland).
EUROPEAN_COUNTRIES = frozenset(
    [
        "AT",
        "BE",
        "BG",
        "CY",
        "CZ",
        "DE",
        "DK",
        "EE",
        "ES",
        "FI",
        "FR",
        "GR",
        "HR",
        "HU",
        "IE",
        "IT",
        "LT",
        "LU",
        "LV",
        "MT",
        "NL",
        "PL",
        "PT",
        "RO",
        "SE",
        "SI",
        "SK",
        "XI",
    ]
)

# --- Limits ------------------------------------------------------------------------
REFERENCE_NUMBER_LENGTH = 14  # ReferenceNumberType max 14; SD numbers start with "S" (OPS 8.1.1)
VERIFICATION_NUMBER_MIN, VERIFICATION_NUMBER_MAX = 5, 35  # VerificationNumberType (OPS 4.1.4)
# OPS 4.1.4 and the migration guide (OPS 7.1.11) say 35; the 8.2.1 XSD still says 50.
# We send at most 35 so both accept it.
INTERNAL_REFERENCE_MAX = 35
DESCRIPTION_OF_GOODS_MAX = 150
COMMENT_MAX = 2000
OPERATOR_NAME_MAX = 200
PRODUCER_NAME_MAX = 500
CADASTRAL_IDENTIFIER_MAX = 80
SCIENTIFIC_NAME_MAX = 200
COMMODITIES_PER_STATEMENT_MAX = 200  # XSD maxOccurs
# OPS 10.3: "the maximum number of commodities ... is presently set to 100": a business rule
# the EU applies on top of the schema's 200.
COMMODITIES_PER_STATEMENT_BUSINESS_MAX = 100
PRODUCERS_PER_COMMODITY_MAX = 1000  # XSD maxOccurs and OPS 10.3
PRODUCERS_PER_STATEMENT_MAX = 10_000  # OPS 10.3
SPECIES_PER_COMMODITY_MAX = 500  # XSD maxOccurs and OPS 10.3
GROUPED_DECLARATIONS_MAX = 2000  # XSD maxOccurs and OPS 10.3
OVERVIEW_UUIDS_PER_CALL_MAX = 100  # GetDdsRequest uuidList maxOccurs, OPS 2.3.2
POSTAL_ADDRESSES_PER_PRODUCER_MAX = 100  # SdProducerLocationType maxOccurs
CADASTRAL_IDENTIFIERS_PER_PRODUCER_MAX = 100  # SdProducerLocationType maxOccurs
GEOLOCATION_BYTES_MAX = 25 * 1024 * 1024  # OPS 2.4 and 10.3: 25 MB of geolocation per statement
COORDINATE_DECIMALS = 6  # OPS 9.3.2 note 1, 10.3: the EU truncates to 6 decimals
POINT_AREA_DEFAULT_HA = 4  # OPS 9.3.2 note 2, 10.3
POINT_AREA_MIN_HA = 0.0001  # OPS 10.3
POINT_AREA_MAX_HA = 4  # OPS 10.3, except cattle

# --- Time rules ----------------------------------------------------------------------
AMEND_WITHDRAW_WINDOW_HOURS = 72  # OPS 4.1.2 amendDds/withdrawDds; DDS only, not SD
# OPS 11.6.5: when the Information System is unavailable for more than 60 minutes, a
# competent or customs authority may issue a contingency reference number, to be replaced
# by the system's reference number once it is restored.
CONTINGENCY_AFTER_MINUTES = 60
TIMESTAMP_TTL_SECONDS = 60  # CF1 7.3: Expires "can't be more than 1 minute" after Created
CLOCK_SKEW_SECONDS = 300  # OPS 3.9: wsu:Created within 5 minutes of server time
NONCE_BYTES = 16  # CF1 7.3: "Random base64 number - 16 bytes"
FIRST_POLL_DELAY_SECONDS = 30 * 60  # OPS 2.4: allow at least 30 minutes before checking status
CALLS_PER_SECOND_PER_IP = 5  # OPS 2.3.2, DTR 2.3.2
CALLS_PER_MINUTE_GLOBAL = 10_000  # OPS 2.3.2, DTR 2.3.2

# --- Business error codes ------------------------------------------------------------
# The V3 documents list only the retrieval codes (OPS 6.1.6). The submission,
# amend and withdraw codes come from the V1/V2 conformance tests (CF4, CF5, CF6
# v1.4); the V3 release notes do not say they changed. Real answers may carry
# codes not listed here (CF4: "additional error codes may be added").
ERROR_CODES: dict[str, str] = {
    # OPS 6.1.6 (retrieval)
    "EUDR_NUMBER_EMPTY": "Reference or verification number is null or empty.",
    "EUDR_NUMBER_INVALID": "Reference or verification number contains prohibited characters.",
    "EUDR_NUMBER_TOO_LONG": "Reference or verification number exceeds the maximum length.",
    "EUDR_WEBSERVICE_STATEMENT_NOT_FOUND": "Statement not found or not in AVAILABLE/ARCHIVED status.",
    # CF4 v1.4 (submission)
    "EUDR_WEBSERVICE_USER_NOT_EUDR_OPERATOR": "The user is not registered in the EUDR domain as operator.",
    "EUDR_WEBSERVICE_USER_FROM_MANY_OPERATOR": "The user belongs to more than one operator.",
    "EUDR_WEBSERVICE_USER_ACTIVITY_NOT_ALLOWED": "The role requested is not valid for the operator profile.",
    "EUDR_OPERATOR_EORI_FOR_ACTIVITY_MISSING": "The operator must have an EU EORI for IMPORT or EXPORT.",
    "EUDR_BEHALF_OPERATOR_NOT_PROVIDED": "The represented operator must be provided.",
    "EUDR_BEHALF_OPERATOR_CITY_POSTALCODE_EMPTY_OR_INVALID": "Represented operator city/postal code.",
    "EUDR_ACTIVITY_TYPE_NOT_COMPATIBLE": "The selected activity is not allowed for the operator.",
    "EUDR_COMMODITIES_HS_CODE_INVALID": "The HS code of a commodity is invalid.",
    "EUDR_COMMODITIES_DESCRIPTOR_NET_MASS_EMPTY": "Net mass is mandatory for IMPORT or EXPORT.",
    "EUDR_COMMODITIES_DESCRIPTOR_QUANTITY_MISSING": "At least one quantity must be provided.",
    "EUDR_COMMODITIES_DESCRIPTOR_SUPPLEMENTARY_UNIT_NOT_ALLOWED": "Supplementary unit not allowed here.",
    "EUDR_COMMODITIES_DESCRIPTOR_SUPPLEMENTARY_UNIT_QUALIFIER_INVALID": "Invalid supplementary unit type.",
    "EUDR_COMMODITIES_DESCRIPTOR_SUPPLEMENTARY_UNIT_QUALIFIER_NOT_COMPATIBLE": "Unit type not applicable.",
    "EUDR_COMMODITIES_DESCRIPTOR_PERCENTAGE_ESTIMATION_MISSING": "Percentage estimate or deviation missing.",
    "EUDR_COMMODITIES_DESCRIPTOR_PERCENTAGE_ESTIMATION_NOT_ALLOWED": "Percentage not for IMPORT/EXPORT.",
    "EUDR_COMMODITIES_DESCRIPTOR_PERCENTAGE_ESTIMATION_INVALID": "Percentage below 0 or above 50.",
    "EUDR_COMMODITIES_DESCRIPTOR_SUPPLEMENTARY_UNIT_MISSING": "Supplementary unit value missing.",
    "EUDR_COMMODITIES_DESCRIPTOR_SUPPLEMENTARY_UNIT_QUALIFIER_MISSING": "Supplementary unit type missing.",
    "EUDR_COMMODITITY_PRODUCER_COUNTRY_CODE_INVALID": "Invalid producer country code (sic, as documented).",
    "EUDR_COMMODITIES_PRODUCER_GEO_EMPTY": "No geolocation and no referenced statement.",
    "EUDR_COMMODITIES_PRODUCER_GEO_INVALID": "Invalid GeoJSON.",
    "EUDR_COMMODITIES_PRODUCER_GEO_LATITUDE_INVALID": "Latitude must be between -90 and +90.",
    "EUDR_COMMODITIES_PRODUCER_GEO_LONGITUDE_INVALID": "Longitude must be between -180 and +180.",
    "EUDR_COMMODITIES_PRODUCER_GEO_INVALID_GEOMETRY": "Polygon: 4 non-aligned points, no crossing.",
    "EUDR_COMMODITIES_PRODUCER_GEO_AREA_INVALID": "Point area must be a number in 0.0001..4 ha (not cattle).",
    "EUDR_MAXIMUM_GEO_SIZE_REACHED": "The maximum geolocation size was exceeded.",
    "EUDR_REFERENCED_STATEMENT_NOT_FOUND": "A referenced statement is invalid or does not exist.",
    "EUDR_MAXIMUM_REFERENCED_DDS_REACHED": "Too many referenced statements.",
    "EUDR_COMMODITIES_SPECIES_INFORMATION_COMMON_NAME_EMPTY": "Common name is mandatory for wood.",
    "EUDR_COMMODITIES_SPECIES_INFORMATION_SCIENTIFIC_NAME_EMPTY": "Scientific name is mandatory for wood.",
    "EUDR_ACTIVITY_TYPE_NOT_ALLOWED_FOR_NON_EU_OPERATOR": "Non-EU operators must select IMPORT.",
    # CF5 v1.4 (amend) and CF6 v1.4 (retract, now withdraw)
    "EUDR_API_AMEND_ACTIVITY_TYPE_CHANGE_NOT_ALLOWED": "The activity of an existing statement cannot change.",
    "EUDR_API_AMEND_OR_WITHDRAW_DDS_NOT_POSSIBLE": "Referenced by another statement, or the window expired.",
    "EUDR_API_AMEND_NOT_ALLOWED_FOR_STATUS": "Amend only in status AVAILABLE.",
    "EUDR_API_AMEND_OR_WITHDRAW_NOT_ALLOWED_FOR_STATUS": "Withdraw only in status SUBMITTED or AVAILABLE.",
    "EUDR_API_NO_DDS": "No statement with the given UUID.",
}
