"""Kept only for compliance/views.py, which still imports the document's shape from here;
the shapes live in evidence.schema, the app's front door. Delete this module when that
import names evidence.schema (tests/eudr_service/test_layering.py lists the crossing)."""

from evidence.schema import EvidenceDocumentSerializer

__all__ = ["EvidenceDocumentSerializer"]
