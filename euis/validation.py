"""Validation of V3 payloads against our schema artefact (euis/schema/*.xsd).

The schema is ours, written from the EU's documents (see docs/eu-information-system.md,
"Our schema artefact"). It is loaded once, from local files only.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lxml import etree

SCHEMA_DIR = Path(__file__).resolve().parent / "schema"


@cache
def _schema() -> etree.XMLSchema:
    parser = etree.XMLParser(no_network=True, resolve_entities=False)
    document = etree.parse(str(SCHEMA_DIR / "contract.xsd"), parser)
    return etree.XMLSchema(document)


def payload_problems(payload: etree._Element) -> tuple[str, ...]:
    """Every way `payload` (a Body child) breaks the V3 contract; empty when it is valid."""
    schema = _schema()
    if schema.validate(payload):
        return ()
    return tuple(f"line {error.line}: {error.message}" for error in schema.error_log)
