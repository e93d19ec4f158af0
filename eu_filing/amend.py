"""Amending a statement the EU holds: a complete replacement (amendDds or updateSd).

The EU's rules for a DDS (OPS 4.1.2, CF5): only while AVAILABLE, within 72 hours
of the submission, the activity cannot change; the reference number stays. A
simplified declaration is updated with `updateSd` while AVAILABLE; the EU
documents no time window for it (OPS 4.2.2), so none is applied. Ours on
top: the amended content is screened again and must come out COMPLIANT, since
only COMPLIANT statements go to the EU. The change, the screening and the EU's
`amendDds` happen in one transaction: if the EU refuses, nothing changes here.
(If our commit failed after the EU accepted, the EU would hold the amended
version and we the old one; amending again with the same body repairs it.)
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import EuCredential, User
from accounts.services import OperatorMatch, OperatorRole, organisation_match
from compliance.evidence_record import statement_record_reissue
from compliance.models import DDSStatus, DDSStatusChange, DueDiligenceStatement, FilingKind
from compliance.screening import plot_screen, statement_plots, verdict
from compliance.services import dds_lines_create
from eu_filing.grouping import grouped_references
from eu_filing.mapping import NotMappable, dds_to_eu, sd_to_eu
from eu_filing.models import EuSubmission
from eu_filing.outbox import (
    WithdrawRefused,
    _client,
    _status_set,
    _usable_credential,
    eu_withdraw_window_closes,
)
from euis.answers import Modification
from euis.contract import AMEND_WITHDRAW_WINDOW_HOURS, EudrStatus
from euis.errors import EuisFault, EuisRetryable


class AmendRefused(WithdrawRefused):
    """The amendment cannot be made; `code` is the stable problem code (409)."""


def _check(statement: DueDiligenceStatement, submission: EuSubmission | None, data: dict[str, Any]) -> None:
    if submission is None or submission.eu_status != EudrStatus.AVAILABLE:
        raise AmendRefused(
            "eu_amend_not_allowed_for_status",
            "The EU accepts amendments only while the statement is AVAILABLE there "
            f"(it is {(submission.eu_status if submission else '') or 'not submitted'}).",
        )
    closes = eu_withdraw_window_closes(submission) if statement.filing_kind == FilingKind.DDS else None
    if closes is not None and timezone.now() > closes:
        raise AmendRefused(
            "eu_amend_window_closed",
            f"The EU accepts amendments within {AMEND_WITHDRAW_WINDOW_HOURS} hours of submission; the window "
            f"closed at {closes.isoformat()}. File a new statement instead.",
        )
    if data["activity"] != statement.activity:
        raise AmendRefused(
            "eu_amend_activity_change", "The activity cannot change in an amendment (CF5 6.3)."
        )
    plots = sum(len(line["plots"]) for line in data["commodities"])
    if plots > settings.DDS_SYNC_SCREENING_MAX_PLOTS:
        raise AmendRefused(
            "eu_amend_too_large",
            "An amendment is screened in the request: "
            f"at most {settings.DDS_SYNC_SCREENING_MAX_PLOTS} plots.",
        )


def _header_set(statement: DueDiligenceStatement, data: dict[str, Any]) -> None:
    """The statement's own fields (all but its lines) from an amendment's body."""
    operator, lines = data["operator"], data["commodities"]
    match = organisation_match(
        account=statement.owner, nip=operator.get("nip", ""), eori=operator.get("eori", "")
    )
    statement.operator_name = operator["name"]
    statement.operator_nip = operator.get("nip", "")
    statement.operator_eori = operator.get("eori", "")
    statement.operator_country = operator["country"]
    statement.operator_address = operator["address"]
    statement.operator_email = operator.get("email", "")
    statement.operator_phone = operator.get("phone", "")
    statement.border_cross_country = data.get("border_cross_country", "")
    statement.grouped_declarations = grouped_references(
        owner_id=statement.owner_id,
        livemode=statement.livemode,
        references=data.get("grouped_declarations", []),
        statement=statement,
    )
    if statement.filing_kind == FilingKind.SIMPLIFIED:
        statement.operator_size = operator.get("size", statement.operator_size)
    if statement.mandate_basis and match.role != OperatorRole.AUTHORISED_REPRESENTATIVE:
        # Filed under the account's own mandate for this operator: still the representative's.
        match = OperatorMatch(None, OperatorRole.AUTHORISED_REPRESENTATIVE)
    statement.organisation, statement.operator_role = match.organisation, match.role
    statement.internal_reference = data.get("internal_reference", "")
    statement.commodity = ", ".join(dict.fromkeys(line["commodity"].polish_name for line in lines))
    statement.country_of_production = lines[0]["country_of_production"]
    # Absent (a legacy body) keeps what was stated: a legacy amendment never discloses.
    statement.geolocation_confidential = data.get(
        "geolocation_confidential", statement.geolocation_confidential
    )


def dds_amend(*, statement: DueDiligenceStatement, data: dict[str, Any], by: User) -> DueDiligenceStatement:
    """Replace the statement's or declaration's content with `data` (a validated filing body of
    its own kind), here and at the EU."""
    submission = EuSubmission.objects.filter(statement=statement).select_related("statement").first()
    _check(statement, submission, data)
    credential = _usable_credential(statement.owner_id)
    if credential is None:
        raise AmendRefused("eu_credentials_missing", "Store your EU credentials before amending.")
    lines = data["commodities"]
    with transaction.atomic():
        locked = DueDiligenceStatement.objects.select_for_update().get(pk=statement.pk)
        _header_set(locked, data)
        locked.commodities.all().delete()
        dds_lines_create(statement=locked, lines=lines)
        plots, empty = statement_plots(locked)
        for plot in plots:
            plot_screen(plot)
        result = verdict(plots, lines_without_plots=empty)
        if result.status != DDSStatus.COMPLIANT:
            raise AmendRefused(
                "amendment_not_compliant",
                f"The amended statement would not be compliant ({result.summary()}); nothing was changed.",
            )
        now = timezone.now()
        locked.risk_level, locked.status_rule, locked.status_reasons = (
            result.risk_level,
            result.rule,
            result.reasons,
        )
        locked.screened_at = now
        locked.save()
        DDSStatusChange.objects.create(
            statement=locked,
            from_status=DDSStatus.COMPLIANT,
            to_status=DDSStatus.COMPLIANT,
            changed_at=now,
            changed_by=by,
            reason=f"Amended and screened again: {result.summary()}",
            rule=result.rule,
        )
        try:
            locked = DueDiligenceStatement.objects.prefetch_related("commodities__producers__plots").get(
                pk=locked.pk
            )
            answer = _eu_replace(credential, submission, locked)
        except NotMappable as exc:
            raise AmendRefused("eu_amend_not_mappable", str(exc)) from exc
        except EuisFault as exc:
            codes = ", ".join(e.key for e in exc.errors) or str(exc)
            raise AmendRefused("eu_amend_refused", f"The EU refused the amendment: {codes}") from exc
        except EuisRetryable as exc:
            raise AmendRefused("eu_unavailable", f"The EU Information System did not answer: {exc}") from exc
        fresh = EuSubmission.objects.select_for_update().select_related("statement").get(pk=submission.pk)
        _status_set(fresh, answer.status, overview=None)
        # What the public may see changed (the plots, their confidentiality): a new evidence
        # record in this transaction, which the status page links from now on.
        statement_record_reissue(locked)
    return locked


def _eu_replace(
    credential: EuCredential, submission: EuSubmission, statement: DueDiligenceStatement
) -> Modification:
    client = _client(credential)
    if statement.filing_kind == FilingKind.SIMPLIFIED:
        shape = sd_to_eu(statement, internal_reference=submission.internal_reference)
        return client.update_sd(submission.eu_uuid, shape)
    return client.amend_dds(submission.eu_uuid, dds_to_eu(statement))
