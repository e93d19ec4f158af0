"""SOAP 1.1 envelopes and faults as the EU's answers are shaped, and small XML helpers.

Sources: the EU's real fault answers (CF4 v1.3 annex ErrorsConditionsTest/error4.xml,
error5.xml, submission-error-response.xml), the 8.2.1 error XSD (error/v01:
Error = ID, Message, Field, all required; Message and Field udt:TextType with
languageID), the WSDL fault declarations (BusinessRulesValidationException,
PermissionDeniedException, NotFoundException in the service namespace) and OPS 3.8
(the echo service's fault).
"""

from __future__ import annotations

import uuid as uuid_module
from dataclasses import dataclass, field

from lxml import etree

from standins.fake_eu import namespaces as ns

XML_HEADERS = {"Content-Type": "text/xml; charset=utf-8"}


@dataclass(frozen=True)
class Problem:
    """One error:Error item: the EU's code (hyphenated, as its answers write it), message, field."""

    code: str
    message: str
    field: str = ""


# faultstring of each fault the WSDLs declare, as the EU's answers word them where known.
BUSINESS_RULES = "BusinessRulesValidationException"
PERMISSION_DENIED = "PermissionDeniedException"
NOT_FOUND = "NotFoundException"
_FAULT_STRINGS = {
    BUSINESS_RULES: "Some business rules are not met",  # error4.xml, error5.xml
    PERMISSION_DENIED: "You are not authorized to perform this operation",  # cf. "...to submit this DDS"
    NOT_FOUND: "Data not found.",
}


@dataclass
class Refusal(Exception):
    """A fault the fake answers with: a declared fault (detail element) and its errors."""

    detail: str
    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.detail}: " + "; ".join(f"{p.code} {p.message}" for p in self.problems)


@dataclass
class AuthenticationRefused(Exception):
    """The WS-Security check failed: `code` is an OASIS fault code (WSS 1.0 section 12)."""

    code: str
    reason: str

    def __str__(self) -> str:
        return f"{self.code}: {self.reason}"


def local_name(node: etree._Element) -> str:
    return etree.QName(node).localname if isinstance(node.tag, str) else ""


def children(parent: etree._Element | None, name: str) -> list[etree._Element]:
    return [node for node in parent if local_name(node) == name] if parent is not None else []


def child(parent: etree._Element | None, name: str) -> etree._Element | None:
    found = children(parent, name)
    return found[0] if found else None


def text(parent: etree._Element | None, name: str) -> str | None:
    node = child(parent, name)
    return (node.text or "").strip() if node is not None else None


def element(namespace: str, tag: str, fields: list[tuple[str, str | None]] = ()) -> etree._Element:
    root = etree.Element(f"{{{namespace}}}{tag}", nsmap={"ns5": namespace, "ns3": ns.COMMON})
    for name, value in fields:
        if value is not None:
            etree.SubElement(root, f"{{{namespace}}}{name}").text = value
    return root


def _envelope(extra: dict[str, str] | None = None) -> tuple[etree._Element, etree._Element]:
    """An envelope with the header the EU's answers carry: a WS_REQUEST_ID message (error4.xml)."""
    nsmap = {"S": ns.SOAP_ENV, "env": ns.SOAP_ENV, **(extra or {})}
    root = etree.Element(f"{{{ns.SOAP_ENV}}}Envelope", nsmap=nsmap)
    header = etree.SubElement(root, f"{{{ns.SOAP_ENV}}}Header")
    message = etree.SubElement(header, f"{{{ns.MESSAGE}}}Message", nsmap={"ns3": ns.MESSAGE})
    message.set("severity", "debugging")
    etree.SubElement(message, f"{{{ns.MESSAGE}}}ID").text = "WS_REQUEST_ID"
    etree.SubElement(message, f"{{{ns.MESSAGE}}}Message").text = str(uuid_module.uuid4())
    return root, etree.SubElement(root, f"{{{ns.SOAP_ENV}}}Body")


def serialise(root: etree._Element) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def answer(payload: etree._Element) -> etree._Element:
    root, body = _envelope()
    body.append(payload)
    return root


def _fault(
    code: str, string: str, extra: dict[str, str] | None = None
) -> tuple[etree._Element, etree._Element]:
    root, body = _envelope(extra)
    fault = etree.SubElement(body, f"{{{ns.SOAP_ENV}}}Fault")
    etree.SubElement(fault, "faultcode").text = code
    etree.SubElement(fault, "faultstring").text = string
    return root, fault


def refusal_fault(refusal: Refusal, service_ns: str) -> tuple[etree._Element, etree._Element]:
    """(envelope, detail element) of a declared fault: S:Client, detail in the service namespace."""
    root, fault = _fault("S:Client", _FAULT_STRINGS.get(refusal.detail, refusal.detail))
    detail = etree.SubElement(
        etree.SubElement(fault, "detail"),
        f"{{{service_ns}}}{refusal.detail}",
        nsmap={"ns5": service_ns, "ns4": ns.ERROR, "ns2": ns.BASE, None: ns.UDT},
    )
    for problem in refusal.problems:
        node = etree.SubElement(detail, f"{{{ns.ERROR}}}Error")
        etree.SubElement(node, f"{{{ns.ERROR}}}ID").text = problem.code
        etree.SubElement(node, f"{{{ns.ERROR}}}Message", languageID="en").text = problem.message
        etree.SubElement(node, f"{{{ns.ERROR}}}Field", languageID="en").text = problem.field
    return root, detail


def authentication_fault(refused: AuthenticationRefused, service_ns: str) -> etree._Element:
    """The echo service's documented fault (OPS 3.8); on the other services the OASIS one.

    OPS 3.8 documents, for the echo service: faultcode soapenv:Server, faultstring
    EudrEchoServiceFault, detail echo:EudrEchoServiceFault/errorMessage "Authentication
    failed". For the DDS, SD and verify services no document shows the answer; the fake
    answers the OASIS WS-Security 1.0 (section 12) fault: faultcode wsse:<code>.
    """
    if service_ns == ns.ECHO:
        root, fault = _fault("S:Server", "EudrEchoServiceFault")
        detail = etree.SubElement(
            etree.SubElement(fault, "detail"), f"{{{ns.ECHO}}}EudrEchoServiceFault", nsmap={"echo": ns.ECHO}
        )
        etree.SubElement(detail, f"{{{ns.ECHO}}}errorMessage").text = "Authentication failed"
        return root
    root, _fault_element = _fault(f"wsse:{refused.code}", refused.reason, {"wsse": ns.WSSE})
    return root
