"""The public record of a declaration a buyer filed for its farmers as their authorised
representative: who filed it, on what mandate, the EU's own status; the same facts in verify
(what the widget reads), the status page and the signed evidence record
(docs/buyers.md, "What the public record says")."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Organisation
from compliance.models import DueDiligenceStatement
from eu_filing.outbox import eu_submissions_poll
from evidence.models import EvidenceRecord
from suppliers.bulk import bulk_filing_create
from suppliers.models import MandateKind, MandateStatus, Supplier, SupplierMandate
from tests.eu_filing.test_simplified_declaration import eu  # noqa: F401  (fixture)
from tests.euis.conftest import fake_eu  # noqa: F401  (fixture)
from tests.suppliers.test_bulk_filing import OPTIONS, buyer  # noqa: F401  (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

NINE = [
    "dds_id",
    "status",
    "risk_level",
    "operator_name",
    "commodity",
    "country_of_production",
    "verified_at",
    "valid_until",
    "cert_url",
]
BUYER_NAME = "Skup Zbóż Mińsk Sp. z o.o."


@pytest.fixture
def staff_client(client, make_user):
    staff = make_user("enterprise", is_staff=True, is_superuser=True)
    client.force_login(staff)
    return client


@pytest.fixture
def representative(buyer):  # noqa: F811
    """The buyer's own organisation, not yet confirmed; D-2's mandate a signed authorisation
    staff reviewed (D-1's and D-3's: e-mail confirmations)."""
    owner = Supplier.objects.first().owner
    SupplierMandate.objects.create(
        supplier=Supplier.objects.get(producer_number="D-2"),
        kind=MandateKind.DOCUMENT,
        status=MandateStatus.ACTIVE,
        document_type="application/pdf",
        reviewed_at=timezone.now(),
    )
    return Organisation.objects.create(
        name=BUYER_NAME, nip="1132853869", country="PL", address="ul. Polna 1, 05-300 Mińsk", account=owner
    )


def _confirm(staff_client, organisation, capture) -> None:
    with capture(execute=True):
        response = staff_client.post(
            "/admin/accounts/organisation/",
            {"action": "confirm_representative", "_selected_action": [organisation.pk]},
            follow=True,
        )
    assert response.status_code == 200


def _file_all(owner, capture) -> dict[str, DueDiligenceStatement]:
    with capture(execute=True):
        bulk_filing_create(owner=owner, livemode=True, options=OPTIONS)
    for day in (1, 2, 3):
        with capture(execute=True):
            eu_submissions_poll(now=timezone.now() + timedelta(days=day))
    return {s.internal_reference: s for s in DueDiligenceStatement.objects.filter(owner=owner)}


def _verify(api_client, statement) -> dict:
    # The widget's own request: no key, JSON (the badge's fast path).
    response = api_client.get(f"/api/v1/verify/{statement.dds_id}", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    return response.json()


def _signed_public_record(api_client, statement) -> dict:
    """The public record as the latest signed evidence record states it, read through the
    public form the status page links."""
    latest = EvidenceRecord.objects.filter(subject_id=statement.dds_id).order_by("-created_at", "-id").first()
    response = api_client.get(f"/api/v1/evidence/{latest.record_id}")
    assert response.status_code == 200
    return response.json()["record"]["verdict"]["public_record"], latest


def test_a_confirmed_representatives_declarations_say_who_filed_them_and_on_what_mandate_everywhere(
    buyer,  # noqa: F811
    representative,
    staff_client,
    api_client,
    django_capture_on_commit_callbacks,
):
    _confirm(staff_client, representative, django_capture_on_commit_callbacks)
    representative.refresh_from_db()
    assert representative.is_confirmed_representative  # one action, for every farmer below
    filed = _file_all(representative.account, django_capture_on_commit_callbacks)
    by_email, by_document = filed["D-1"], filed["D-2"]

    record = _verify(api_client, by_email)
    assert list(record)[:9] == NINE  # the specification's fields first, in order
    assert record["status"] == "COMPLIANT" and record["operator_identity"] == "confirmed"
    assert record["operator_name"] == "Jan Kowalski"  # as the representative declared it
    assert record["verified_at"] is not None and record["valid_until"] is not None
    assert record["filed_by"] == {
        "role": "authorised_representative",
        "name": BUYER_NAME,
        "confirmed_by_staff": True,
    }
    mandate = Supplier.objects.get(producer_number="D-1").current_mandate()
    assert record["mandate"] == {
        "basis": "email_confirmation",
        "confirmed_at": mandate.confirmed_at.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        # An address the buyer typed into its roster proves no farmer's identity.
        "operator_identity": "declared_by_representative",
    }
    assert record["eu_status"] == "AVAILABLE"
    document_record = _verify(api_client, by_document)
    assert document_record["mandate"]["basis"] == "signed_document"
    assert document_record["mandate"]["operator_identity"] == "signed_authorisation_reviewed_by_staff"

    # The status page says the same, in words.
    page = api_client.get(f"/cert/{by_email.dds_id}?lang=en").content.decode()
    assert "Verified" in page and "COMPLIANT" in page
    assert BUYER_NAME in page and "confirmed by our staff as authorised representative" in page
    assert "a confirmation by e-mail link" in page and "email_confirmation" in page
    assert "declared by the representative, confirmed by e-mail link (not verified)" in page
    assert "AVAILABLE" in page
    polish = api_client.get(f"/cert/{by_email.dds_id}").content.decode()
    assert "potwierdzony przez nasz zespół jako upoważniony przedstawiciel" in polish
    assert "podana przez przedstawiciela, potwierdzona linkiem e-mail (niezweryfikowana)" in polish
    assert (
        "a signed authorisation reviewed by our staff"
        in api_client.get(f"/cert/{by_document.dds_id}?lang=en").content.decode()
    )

    # The latest signed evidence record states the same facts, and the status page links it.
    signed, latest = _signed_public_record(api_client, by_email)
    assert signed == {
        "status": record["status"],
        "badge": "verified",
        "operator_identity": record["operator_identity"],
        "filed_by": record["filed_by"],
        "mandate": record["mandate"],
        "eu_status": record["eu_status"],
    }
    assert latest.record_id in page


def test_an_unconfirmed_representative_is_named_as_such_and_confirming_it_changes_every_record(
    buyer,  # noqa: F811
    representative,
    staff_client,
    api_client,
    django_capture_on_commit_callbacks,
):
    filed = _file_all(representative.account, django_capture_on_commit_callbacks)
    statement = filed["D-1"]
    record = _verify(api_client, statement)
    assert list(record)[:9] == NINE
    assert record["status"] == "UNDER_REVIEW" and record["operator_identity"] == "unconfirmed"
    assert record["verified_at"] is None and record["valid_until"] is None
    assert record["filed_by"] == {
        "role": "authorised_representative",
        "name": BUYER_NAME,
        "confirmed_by_staff": False,
    }
    assert record["mandate"]["basis"] == "email_confirmation" and record["eu_status"] == "AVAILABLE"
    page = api_client.get(f"/cert/{statement.dds_id}?lang=en").content.decode()
    assert "Verification in progress" in page
    assert "not confirmed by our staff as authorised representative" in page
    assert 'data-testid="representative-unconfirmed"' in page
    signed, before = _signed_public_record(api_client, statement)
    assert (signed["status"], signed["badge"], signed["filed_by"]["confirmed_by_staff"]) == (
        "UNDER_REVIEW",
        "in_progress",
        False,
    )

    # One confirmation by staff: every declaration the buyer filed changes with it, its
    # signed record included (a new one, replacing the last).
    _confirm(staff_client, representative, django_capture_on_commit_callbacks)
    for producer_number in ("D-1", "D-2", "D-3"):
        after = _verify(api_client, filed[producer_number])
        assert (after["status"], after["filed_by"]["confirmed_by_staff"]) == ("COMPLIANT", True)
        signed, latest = _signed_public_record(api_client, filed[producer_number])
        assert (signed["status"], signed["badge"], signed["filed_by"]) == (
            "COMPLIANT",
            "verified",
            after["filed_by"],
        )
    signed, latest = _signed_public_record(api_client, statement)
    assert latest.replaces_id == before.pk
    assert latest.record_id in api_client.get(f"/cert/{statement.dds_id}").content.decode()


def test_an_operators_own_statement_names_itself_and_no_mandate(api_client, make_statement):
    statement = make_statement("COMPLIANT", risk_level="low", operator_name="Jan Kowalski")
    record = _verify(api_client, statement)
    assert record["filed_by"] == {"role": "operator", "name": "Jan Kowalski", "confirmed_by_staff": True}
    assert record["mandate"] is None and record["eu_status"] is None
    body = json.dumps(record)
    assert "authorised_representative" not in body


def test_withdrawing_the_representatives_verification_turns_its_declarations_yellow_everywhere(
    buyer,  # noqa: F811
    representative,
    staff_client,
    api_client,
    django_capture_on_commit_callbacks,
):
    _confirm(staff_client, representative, django_capture_on_commit_callbacks)
    statement = _file_all(representative.account, django_capture_on_commit_callbacks)["D-1"]
    assert _verify(api_client, statement)["status"] == "COMPLIANT"  # and now cached
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(
            "/admin/accounts/organisation/",
            {"action": "withdraw_verification", "_selected_action": [representative.pk]},
            follow=True,
        )
    record = _verify(api_client, statement)
    assert (record["status"], record["filed_by"]["confirmed_by_staff"]) == ("UNDER_REVIEW", False)
    signed, _latest = _signed_public_record(api_client, statement)
    assert (signed["status"], signed["badge"]) == ("UNDER_REVIEW", "in_progress")
