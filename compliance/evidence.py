"""What a statement's status rests on, in one shape for the API, the public
status page and the PDF: forest layers that answered, methodology, warnings,
the rule that decided, and who decided."""

from __future__ import annotations

from typing import Any

from compliance.hooks import Statement
from eudr_service.lib.timestamps import iso_millis
from evidence import records
from regulation.benchmark import benchmark_class
from risk.engine import Assessment


def decided_by(statement: Statement) -> dict[str, str]:
    """`automatic_screening`, `staff` (named) or `operator` (filing, withdrawal)."""
    user = statement.status_decided_by
    if user is None:
        return {"kind": "automatic_screening", "name": ""}
    if user.is_staff and user.pk != statement.owner_id:
        return {"kind": "staff", "name": user.get_full_name() or user.email}
    return {"kind": "operator", "name": ""}


def statement_evidence(statement: Statement) -> dict[str, Any]:
    """Union over the statement's plots (prefetched by statement_with_details)."""
    answered: set[str] = set()
    missing: set[str] = set()
    versions: set[str] = set()
    warnings: dict[str, None] = {}
    countries: dict[str, str | None] = {}
    plots = with_forest = 0
    for commodity in statement.commodities.all():
        countries.setdefault(
            commodity.country_of_production,
            benchmark_class(commodity.country_of_production, statement.filed_on),
        )
        for plot in commodity.plots.all():
            plots += 1
            if plot.risk:
                risk = Assessment.from_json(plot.risk)
                answered.update(risk.layers_answered)
                missing.update(risk.layers_missing)
                if risk.methodology_version:
                    versions.add(risk.methodology_version)
                warnings.update(dict.fromkeys(risk.warnings))
                # The verdict's own rule: a layer covering only part of the plot is no evidence.
                with_forest += risk.has_forest_evidence()
            if plot.screening_error:
                warnings[plot.screening_error] = None
    return {
        "rule": statement.status_rule,
        "reasons": statement.status_reasons,
        "decided_by": decided_by(statement),
        "decided_at": iso_millis(statement.status_decided_at),
        "screened_at": iso_millis(statement.screened_at),
        "country_benchmark": countries,
        "plots": plots,
        "plots_with_forest_evidence": with_forest,
        "layers_answered": sorted(answered),
        "layers_missing": sorted(missing),
        "methodology_versions": sorted(versions),
        "warnings": list(warnings),
        # The latest signed record of a verdict on it (docs/evidence.md); null before one.
        "record": records.reference(records.latest(statement.document_type, statement.dds_id)),
    }


def statement_attestation(statement: Statement) -> dict[str, Any]:
    return {
        "legality": statement.attested_legality,
        "annex_ii_declaration": statement.attested_declaration,
        "signatory_name": statement.signatory_name,
        "signatory_function": statement.signatory_function,
        "attested_at": iso_millis(statement.attested_at),
        "declaration_version": statement.declaration_version,
    }


def statement_operator_identity(statement: Statement) -> dict[str, Any]:
    organisation = statement.organisation
    return {
        "confirmed": statement.operator_identity_confirmed(),
        "role": statement.operator_role,
        "organisation": None
        if organisation is None
        else {
            "name": organisation.name,
            "nip": organisation.nip,
            "eori": organisation.eori,
            "verified_at": iso_millis(organisation.verified_at),
        },
    }
