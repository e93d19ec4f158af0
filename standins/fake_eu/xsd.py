"""The EU's own contract for SOAP Body payloads, as the fake EU Information System sees it.

The fake must judge our client by the EU's published contract, not by our client's own
schema artefact (`euis/schema/`): if both came from the same file, a mistake in it would
pass unnoticed on both sides. The XSD files beside this module were written for the fake
from the EU's official release 8.2.1 XSDs (each file names its source), and this module
validates any Body child - request, response or fault detail - against them.

Only the standard library and lxml are used; the schema is read from local files, never
from the network.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path

from lxml import etree

SCHEMA_DIR = Path(__file__).resolve().parent / "schema"
TOP_SCHEMA = SCHEMA_DIR / "fake-eu.xsd"
_LOCK = threading.Lock()  # one XMLSchema object, one error log: validate one at a time


@functools.cache
def _schema() -> etree.XMLSchema:
    parser = etree.XMLParser(no_network=True, resolve_entities=False)
    return etree.XMLSchema(etree.parse(str(TOP_SCHEMA), parser))


def schema_problems(payload: etree._Element) -> tuple[str, ...]:
    """Every way `payload` (a SOAP Body child) breaks the official contract; () when valid."""
    schema = _schema()
    # Validate a detached copy: the payload may sit inside an envelope whose root the
    # validator would otherwise start from.
    document = etree.ElementTree(etree.fromstring(etree.tostring(payload)))
    with _LOCK:
        if schema.validate(document):
            return ()
        return tuple(f"line {error.line}: {error.message}" for error in schema.error_log)
