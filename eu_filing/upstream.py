"""The first downstream operator or trader: the upstream statements behind its products.

Downstream operators and traders file no statement of their own (TRADE was removed in
V3, OPS 7.1.5). Only the first one, which buys from an operator, collects the statement
reference numbers or declaration identifiers (Article 5(3) as amended by Regulation (EU)
2025/2650); a later one keeps only its trading partners (compliance.downstream). Each
pair is checked with the EU's verifyDeclaration (DTR 4.1) and the answer kept. The row
is stored before the EU is asked, so a failed check can be repeated.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from accounts.models import User
from eu_filing.models import UpstreamReference
from eu_filing.outbox import _client, _usable_credential, configured_environment
from euis.errors import EuisError, EuisFault


def upstream_reference_record(
    *, owner: User, reference_number: str, verification_number: str, supplier: str = "", note: str = ""
) -> tuple[UpstreamReference, bool]:
    """Store the pair (once per account) and check it with the EU; returns (row, created)."""
    try:
        with transaction.atomic():
            reference = UpstreamReference.objects.create(
                owner=owner,
                reference_number=reference_number,
                verification_number=verification_number,
                supplier=supplier,
                note=note,
            )
        created = True
    except IntegrityError:
        reference = UpstreamReference.objects.get(
            owner=owner, reference_number=reference_number, verification_number=verification_number
        )
        created = False
    upstream_reference_check(reference=reference)
    return reference, created


def upstream_reference_check(*, reference: UpstreamReference) -> UpstreamReference:
    credential = _usable_credential(reference.owner_id)
    if credential is None:
        reference.error_message = (
            f"No EU credentials for the {configured_environment()} environment: not checked with the EU."
        )
        reference.save(update_fields=["error_message", "updated_at"])
        return reference
    try:
        answer = _client(credential).verify_declaration(
            reference.reference_number, reference.verification_number
        )
    except EuisFault as exc:
        codes = ", ".join(e.key for e in exc.errors)
        reference.error_message = f"The EU refused the check: {codes or exc}"[:500]
    except EuisError as exc:
        reference.error_message = f"The EU Information System did not answer: {exc}"[:500]
    else:
        reference.result = answer.result.value
        reference.eu_status = answer.status.value if answer.status else ""
        reference.eu_checked_at = answer.date_time
        reference.error_message = ""
    reference.save()
    return reference
