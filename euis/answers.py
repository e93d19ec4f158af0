"""Parsing of the EU's SOAP answers into small typed values, and of faults into typed errors.

Answers are parsed by namespace-qualified names; unknown extra elements are
ignored (the EU may add optional ones), missing required ones are a protocol error.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lxml import etree

from euis.contract import NS_COMMON, NS_SOAP, EudrStatus, VerifyResult
from euis.errors import (
    EuError,
    EuisAuthenticationError,
    EuisBusinessRuleError,
    EuisFault,
    EuisNotFound,
    EuisPermissionDenied,
    EuisProtocolError,
    EuisServerFault,
)
from euis.wsse import parse_instant

_PARSER = etree.XMLParser(no_network=True, resolve_entities=False, huge_tree=False, remove_blank_text=True)


@dataclass(frozen=True)
class Communication:
    date: datetime
    content: str


@dataclass(frozen=True)
class Overview:
    """eudrCommon:OverviewType: one statement's state at the EU."""

    uuid: str
    internal_reference: str
    status: EudrStatus
    reference_number: str | None = None
    verification_number: str | None = None
    rejection_reason: str | None = None
    communication: Communication | None = None
    date: datetime | None = None
    updated_by: str | None = None
    version: int | None = None


@dataclass(frozen=True)
class Modification:
    """Answer of amendDds/withdrawDds/updateSd/withdrawSd."""

    uuid: str
    status: EudrStatus
    version: int | None = None


@dataclass(frozen=True)
class Verification:
    """Answer of verifyDeclaration (DTR 4.1.2)."""

    result: VerifyResult
    date_time: datetime
    status: EudrStatus | None = None

    @property
    def usable(self) -> bool:
        return self.result is VerifyResult.EXISTING_USABLE


@dataclass(frozen=True)
class RetrievedStatement:
    """Answer of get*ByIdentifiers: the statement as nested dicts of its element names."""

    fields: dict[str, Any]


def _local(element: etree._Element) -> str:
    return etree.QName(element).localname


def body_child(document: bytes) -> etree._Element:
    """The single element inside soap:Body. Raises EuisProtocolError if there is none."""
    try:
        root = etree.fromstring(document, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise EuisProtocolError(f"The answer is not XML: {exc}.") from exc
    body = root.find(f"{{{NS_SOAP}}}Body")
    if root.tag != f"{{{NS_SOAP}}}Envelope" or body is None or len(body) == 0:
        raise EuisProtocolError("The answer is not a SOAP 1.1 envelope with a body.")
    return body[0]


def _child(parent: etree._Element, name: str, *, required: bool = True) -> str | None:
    # Answer elements come either in the operation's namespace or in the common
    # one (the overview list); match on the local name within the parent.
    for child in parent:
        if isinstance(child.tag, str) and _local(child) == name:
            return (child.text or "").strip()
    if required:
        raise EuisProtocolError(f"The answer lacks <{name}> in <{_local(parent)}>.")
    return None


def _status(text: str | None) -> EudrStatus:
    try:
        return EudrStatus(text)
    except ValueError as exc:
        raise EuisProtocolError(f"Unknown EU status {text!r}.") from exc


def _int(text: str | None) -> int | None:
    return int(text) if text else None


def _instant(text: str | None) -> datetime | None:
    return parse_instant(text) if text else None


def expect(element: etree._Element, name: str) -> etree._Element:
    if _local(element) != name:
        raise EuisProtocolError(f"Expected <{name}>, got <{_local(element)}>.")
    return element


def parse_submit(element: etree._Element, field: str) -> str:
    """uuid (DDS) or sdIdentifier (SD)."""
    return _child(element, field) or ""


def parse_modification(element: etree._Element) -> Modification:
    return Modification(
        uuid=_child(element, "uuid") or "",
        status=_status(_child(element, "status")),
        version=_int(_child(element, "version", required=False)),
    )


def parse_overviews(element: etree._Element) -> list[Overview]:
    overviews = []
    for item in element:
        if not isinstance(item.tag, str) or _local(item) not in ("ddsOverviewList", "sdOverviewList"):
            continue
        communication = item.find(f"{{{NS_COMMON}}}communicationToOperator")
        overviews.append(
            Overview(
                uuid=_child(item, "uuid") or "",
                internal_reference=_child(item, "internalReferenceNumber") or "",
                status=_status(_child(item, "status")),
                reference_number=_child(item, "referenceNumber", required=False) or None,
                verification_number=_child(item, "verificationNumber", required=False) or None,
                rejection_reason=_child(item, "rejectionReason", required=False) or None,
                communication=Communication(
                    date=parse_instant(_child(communication, "date") or ""),
                    content=_child(communication, "content") or "",
                )
                if communication is not None
                else None,
                date=_instant(_child(item, "date", required=False)),
                updated_by=_child(item, "updatedBy", required=False),
                version=_int(_child(item, "version", required=False)),
            )
        )
    return overviews


def parse_verification(element: etree._Element) -> Verification:
    result = _child(element, "result")
    try:
        verdict = VerifyResult(result)
    except ValueError as exc:
        raise EuisProtocolError(f"Unknown verification result {result!r}.") from exc
    status = _child(element, "status", required=False)
    return Verification(
        result=verdict,
        date_time=parse_instant(_child(element, "dateTime") or ""),
        status=_status(status) if status else None,
    )


def _as_dict(element: etree._Element) -> Any:
    children = [child for child in element if isinstance(child.tag, str)]
    if not children:
        return (element.text or "").strip()
    result: dict[str, Any] = {}
    for child in children:
        value = _as_dict(child)
        result.setdefault(_local(child), []).append(value)
    return {key: values[0] if len(values) == 1 else values for key, values in result.items()}


def parse_retrieved(element: etree._Element) -> RetrievedStatement:
    statement = next((child for child in element if _local(child) == "statement"), None)
    if statement is None:
        raise EuisProtocolError("The answer lacks the statement.")
    return RetrievedStatement(fields=_as_dict(statement))


def parse_echo(element: etree._Element) -> str:
    return _child(element, "status") or ""


# --- Faults ----------------------------------------------------------------------

_FAULT_CLASSES: dict[str, type[EuisFault]] = {
    "BusinessRulesValidationException": EuisBusinessRuleError,
    "PermissionDeniedException": EuisPermissionDenied,
    "DdsPermissionDeniedException": EuisPermissionDenied,
    "NotFoundException": EuisNotFound,
}
# OASIS SOAP Message Security 1.1, section 12: the WS-Security fault codes.
_SECURITY_FAULT_CODES = {
    "UnsupportedSecurityToken",
    "UnsupportedAlgorithm",
    "InvalidSecurity",
    "InvalidSecurityToken",
    "FailedAuthentication",
    "FailedCheck",
    "SecurityTokenUnavailable",
    "MessageExpired",
}


def _errors(detail: etree._Element) -> tuple[EuError, ...]:
    # Two shapes are documented: error:Error with ID/Message/Field (8.2.1 XSD,
    # V1 sample answers) and <errors><error><field/><message/> (DTR 5.1.5).
    found = []
    for node in detail.iter():
        if isinstance(node.tag, str) and _local(node) in ("Error", "error"):
            values = {
                _local(child).lower(): (child.text or "").strip()
                for child in node
                if isinstance(child.tag, str)
            }
            found.append(EuError(values.get("id", ""), values.get("message", ""), values.get("field", "")))
    message = next(
        (n for n in detail.iter() if isinstance(n.tag, str) and _local(n) in ("message", "errorMessage")),
        None,
    )
    if not found and message is not None and message.getparent() is not None:
        found.append(EuError("", (message.text or "").strip(), ""))
    return tuple(found)


def fault_error(fault: etree._Element, http_status: int) -> EuisFault:
    """The typed error for a soap:Fault element."""
    code = (fault.findtext("faultcode") or "").strip()
    text = (fault.findtext("faultstring") or "").strip()
    code_local = code.split(":")[-1]
    detail_node = fault.find("detail")
    detail = (
        next((child for child in detail_node if isinstance(child.tag, str)), None)
        if detail_node is not None
        else None
    )
    detail_name = _local(detail) if detail is not None else ""
    errors = _errors(detail) if detail is not None else ()
    if code_local in _SECURITY_FAULT_CODES or detail_name == "EudrEchoServiceFault":
        cls: type[EuisFault] = EuisAuthenticationError
    elif detail_name in _FAULT_CLASSES:
        cls = _FAULT_CLASSES[detail_name]
    elif code_local == "Server":
        cls = EuisServerFault
    else:
        cls = EuisFault
    summary = "; ".join(f"{e.code}: {e.message}" if e.code else e.message for e in errors) or text
    return cls(
        f"EU Information System fault ({detail_name or code}): {summary}",
        fault_code=code,
        detail=detail_name,
        errors=errors,
        http_status=http_status,
    )
