"""SOAP answers and faults of the fake EU Information System, and small XML helpers."""

from __future__ import annotations

from lxml import etree

from euis.contract import NS_COMMON, NS_ERROR, NS_SOAP, NS_WSSE
from euis.errors import EuError


class Refusal(Exception):
    """A SOAP fault to answer with: the detail element name and the EU errors."""

    def __init__(self, detail: str, errors: list[EuError], *, code: str = "S:Client", text: str = "") -> None:
        super().__init__(text or detail)
        self.detail, self.errors, self.code, self.text = detail, errors, code, text or detail


XML_HEADERS = {"Content-Type": "text/xml; charset=utf-8"}


def local_name(node: etree._Element) -> str:
    return etree.QName(node).localname if isinstance(node.tag, str) else ""


def child_named(parent: etree._Element, name: str) -> etree._Element:
    return next(node for node in parent if local_name(node) == name)


def child_text(parent: etree._Element | None, name: str) -> str | None:
    node = next((n for n in parent if local_name(n) == name), None) if parent is not None else None
    return (node.text or "").strip() if node is not None else None


def grouped_references(statement: etree._Element) -> list[str]:
    return [(n.text or "").strip() for n in statement.iter() if local_name(n) == "groupedDeclaration"]


def response_root(ns: str, tag: str) -> etree._Element:
    return etree.Element(f"{{{ns}}}{tag}", nsmap={"ns5": ns, "ns3": NS_COMMON})


def response(ns: str, tag: str, fields: list[tuple[str, str]]) -> etree._Element:
    root = response_root(ns, tag)
    for name, value in fields:
        etree.SubElement(root, f"{{{ns}}}{name}").text = value
    return root


def soap_envelope(payload: etree._Element) -> bytes:
    root = etree.Element(f"{{{NS_SOAP}}}Envelope", nsmap={"S": NS_SOAP})
    etree.SubElement(root, f"{{{NS_SOAP}}}Body").append(payload)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def soap_fault(refusal: Refusal, ns: str) -> bytes:
    root = etree.Element(f"{{{NS_SOAP}}}Envelope", nsmap={"S": NS_SOAP, "wsse": NS_WSSE})
    fault = etree.SubElement(etree.SubElement(root, f"{{{NS_SOAP}}}Body"), f"{{{NS_SOAP}}}Fault")
    etree.SubElement(fault, "faultcode").text = refusal.code
    etree.SubElement(fault, "faultstring").text = refusal.text
    if refusal.detail:
        detail = etree.SubElement(
            etree.SubElement(fault, "detail"), f"{{{ns}}}{refusal.detail}", nsmap={"err": NS_ERROR}
        )
        for error in refusal.errors:
            node = etree.SubElement(detail, f"{{{NS_ERROR}}}Error")
            etree.SubElement(node, f"{{{NS_ERROR}}}ID").text = error.code
            etree.SubElement(node, f"{{{NS_ERROR}}}Message").text = error.message
            etree.SubElement(node, f"{{{NS_ERROR}}}Field").text = error.field
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")
