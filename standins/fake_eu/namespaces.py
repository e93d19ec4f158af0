"""Names the EU publishes for its V3 services: namespaces, endpoints, SOAPActions, enumerations.

Written from the 8.2.1 WSDL/XSD files of the EUDRDueDiligenceStatementServiceV3,
EUDRSimplifiedDeclarationServiceV3 and EUDRVerifyDeclarationServiceV3 services, the
echo WSDL (V1 documents) and the Operator API Reference v1.0 (OPS) sections 3 and 4.
"""

from __future__ import annotations

SOAP_ENV = "http://schemas.xmlsoap.org/soap/envelope/"
# OASIS Web Services Security 1.0 (2004/01) and its UsernameToken Profile 1.0.
WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"
WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"
PASSWORD_DIGEST = (
    "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest"
)

# xsd1-base-v4.xsd: WebServiceClientId; xsd5-error-v01.xsd: Error.
BASE = "http://ec.europa.eu/sanco/tracesnt/base/v4"
ERROR = "http://ec.europa.eu/sanco/tracesnt/error/v01"
# The header element of the EU's real answers (CF4 v1.3 ErrorsConditionsTest/*.xml):
# <ns3:Message severity="debugging"><ns3:ID>WS_REQUEST_ID</ns3:ID><ns3:Message>uuid</...>.
MESSAGE = "http://ec.europa.eu/sanco/tracesnt/message/v1"
# wsdl2-body-v3.wsdl / xsd2-body-v3.xsd: the optional BodyIdentity request header (8.2.1).
BODY = "http://ec.europa.eu/tracesnt/body/v3"
# UN/CEFACT unqualified data type 21: udt:TextType of Error/Message and Error/Field.
UDT = "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:21"

COMMON = "http://ec.europa.eu/tracesnt/certificate/eudr/common/v3"
DDS = "http://ec.europa.eu/tracesnt/certificate/eudr/due-diligence-statement/v3"
SD = "http://ec.europa.eu/tracesnt/certificate/eudr/simplified-declaration/v3"
VERIFY = "http://ec.europa.eu/tracesnt/certificate/eudr/verify-declaration/v3"
ECHO = "http://ec.europa.eu/tracesnt/eudr/echo"

# Endpoint path (after the base URL's /tracesnt/) -> namespace of its Body elements
# (OPS 1.2.2, 3, 4.1, 4.2; the services' soap:address).
SERVICES = {
    "ws/EUDRDueDiligenceStatementServiceV3": DDS,
    "ws/EUDRSimplifiedDeclarationServiceV3": SD,
    "ws/EUDRVerifyDeclarationServiceV3": VERIFY,
    "ws/eudr/echo": ECHO,
}

# Request element -> (operation, SOAPAction published in the binding). The SD WSDL's
# binding gives the three SD retrieval operations SOAPActions in the DDS namespace;
# the echo WSDL gives its namespace alone. The fake records the SOAPAction it got
# but dispatches on the Body element, as JAX-WS does for document/literal.
OPERATIONS = {
    "SubmitDdsRequest": ("submitDds", f"{DDS}/submitDds"),
    "AmendDdsRequest": ("amendDds", f"{DDS}/amendDds"),
    "WithdrawDdsRequest": ("withdrawDds", f"{DDS}/withdrawDds"),
    "GetDdsRequest": ("getDds", f"{DDS}/getDds"),
    "GetDdsByInternalReferenceRequest": ("getDdsByInternalReference", f"{DDS}/getDdsByInternalReference"),
    "GetDdsByIdentifiersRequest": ("getDdsByIdentifiers", f"{DDS}/getDdsByIdentifiers"),
    "SubmitSdRequest": ("submitSd", f"{SD}/submitSd"),
    "UpdateSdRequest": ("updateSd", f"{SD}/updateSd"),
    "WithdrawSdRequest": ("withdrawSd", f"{SD}/withdrawSd"),
    "GetSdRequest": ("getSd", f"{DDS}/getSd"),
    "GetSdByInternalReferenceRequest": ("getSdByInternalReference", f"{DDS}/getSdByInternalReference"),
    "GetSdByIdentifiersRequest": ("getSdByIdentifiers", f"{DDS}/getSdByIdentifiers"),
    "VerifyDeclarationRequest": (
        "verifyDeclaration",
        "http://ec.europa.eu/tracesnt/certificate/eudr/verification/v3/verify-declaration",
    ),
    "EudrEchoRequest": ("testEcho", ECHO),
}

# eudrCommon:EudrStatusType (8.2.1 XSD; OPS 4.1.4).
SUBMITTED = "SUBMITTED"
AVAILABLE = "AVAILABLE"
REJECTED = "REJECTED"
WITHDRAWN = "WITHDRAWN"
ARCHIVED = "ARCHIVED"
GROUPED = "GROUPED"
OBSOLETE = "OBSOLETE"

# eudrCommon:ActivityType.
IMPORT, EXPORT, DOMESTIC = "IMPORT", "EXPORT", "DOMESTIC"

# VerifyResultType (verify-declaration v3 XSD; DTR 4.1.2).
EXISTING_USABLE = "EXISTING_USABLE"
EXISTING_NON_USABLE = "EXISTING_NON_USABLE"
NON_EXISTENT = "NON_EXISTENT"
