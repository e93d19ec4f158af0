"""Farmers who already declared: the roster's declaration numbers checked with the (fake) EU
system, left out of bulk filing while valid, and re-checked on a schedule; herd numbers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from rest_framework.test import APIClient

from eu_filing.models import EuState, EuSubmission, UpstreamReference, UpstreamState
from eu_filing.upstream import _claim, upstream_references_recheck
from eudr_service.lib.herd_number import herd_number_normalise
from euis.client import EuisClient, RateLimiter
from suppliers.bulk import bulk_filing_create, declaration_body
from suppliers.models import BulkFilingRow, MandateStatus, Supplier, SupplierMandate
from suppliers.roster import RosterInvalid
from suppliers.services import roster_import
from tests.eu_filing.test_simplified_declaration import SECOND_PARCEL, eu  # noqa: F401  (fixture)
from tests.eu_filing.test_submission import store_credentials
from tests.euis.conftest import FARMER, TRADER, fake_eu, sd_statement  # noqa: F401  (fixtures)
from tests.risk.fakes import PARCEL_ID
from webhooks.models import Event

pytestmark = pytest.mark.django_db
HEADER = (
    "producer_number,name,size,street,postal_code,city,commodity,quantity,unit,parcels,"
    "land_postal_code,land_city,herd_number,declaration_reference_number,declaration_verification_number"
)
OPTIONS = {
    "activity": "domestic",
    "signatory_name": "Ewa Zielińska",
    "signatory_function": "Kierownik skupu",
    "goods": {
        "soya": {"description": "Soja ziarno", "hs_heading": "1201"},
        "cattle": {"description": "Bydło żywe", "hs_heading": "0102"},
    },
}
CHANGED = "upstream.status_changed"


def _csv(*rows: str) -> bytes:
    return ("\n".join([HEADER, *rows]) + "\n").encode()


@pytest.fixture
def farmer_declaration(eu, sd_statement):  # noqa: F811
    """A declaration the farmer filed himself at the (fake) EU: AVAILABLE, with its numbers."""
    client = EuisClient(
        credentials=FARMER, base_url=eu.base_url, limiter=RateLimiter(10_000, sleep=lambda s: None)
    )
    identifier = client.submit_sd(sd_statement)
    client.get_sd([identifier])
    (overview,) = client.get_sd([identifier])
    assert overview.status == "AVAILABLE"
    return client, identifier, overview


@pytest.fixture
def buyer(make_user, make_key, eu):  # noqa: F811
    """A buying station with its own EU credentials (another EU user than the farmer)."""
    owner = make_user("standard")
    _, plaintext = make_key("standard", user=owner)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    assert store_credentials(client, TRADER).status_code == 200
    client.owner = owner
    return client


def _upload(client, data: bytes):
    response = client.post(
        "/api/eudr/v1/suppliers/import", {"file": SimpleUploadedFile("r.csv", data)}, format="multipart"
    )
    assert response.status_code == 201, response.content
    return response


def _mandates(*numbers: str) -> None:
    for number in numbers:
        SupplierMandate.objects.create(
            supplier=Supplier.objects.get(producer_number=number),
            kind="email_confirmation",
            status=MandateStatus.ACTIVE,
            confirmed_at=timezone.now(),
        )


def _supplier_json(client, number: str) -> dict:
    listed = client.get("/api/eudr/v1/suppliers").json()["results"]
    return next(item for item in listed if item["producer_number"] == number)


def test_roster_declarations_are_verified_with_the_eu_and_skipped_when_filing(buyer, eu, farmer_declaration):  # noqa: F811
    _client, _identifier, declared = farmer_declaration
    _upload(
        buyer,
        _csv(
            # Declared himself: no land needed, his numbers as he wrote them (lower case, spaces).
            f"D-1,Jan Kowalski,natural_person,Polna 3,99-100,Łęczyca,soja,18000,kg,,,,,"
            f"{declared.reference_number.lower()},{declared.verification_number}",
            # Numbers the EU does not know: filed for under his mandate.
            f"D-2,Anna Nowak,natural_person,Wola 14,05-300,Mińsk,soja,9000,kg,{SECOND_PARCEL},,,,"
            "26PLNOSUCHREF1,ABCDEFGH",
            f"D-3,Piotr Wiśniewski,natural_person,Wola 16,05-300,Mińsk,soja,5000,kg,{PARCEL_ID},,,,,",
        ),
    )
    assert _supplier_json(buyer, "D-1")["existing_declaration"]["state"] == "unknown"
    # Nothing reached the EU during the upload: the job checks, at the EU's pace.
    assert "VerifyDeclarationRequest" not in eu.calls

    assert upstream_references_recheck() == 2
    assert eu.calls.count("VerifyDeclarationRequest") == 2
    d1, d2 = _supplier_json(buyer, "D-1"), _supplier_json(buyer, "D-2")
    assert d1["declaration_reference_number"] == declared.reference_number
    assert d1["existing_declaration"]["state"] == "valid"
    assert d1["existing_declaration"]["eu_status"] == "AVAILABLE"
    assert d1["existing_declaration"]["checked_at"] is not None
    assert (d2["existing_declaration"]["state"], d2["existing_declaration"]["result"]) == (
        "not_found",
        "NON_EXISTENT",
    )
    assert _supplier_json(buyer, "D-3")["existing_declaration"] is None
    # A first answer "usable" is no news; one the buyer must act on is announced.
    (event,) = Event.objects.filter(type=CHANGED)
    assert (event.data["supplier"], event.data["from"], event.data["to"]) == ("D-2", "unknown", "not_found")

    _mandates("D-1", "D-2", "D-3")
    filing = bulk_filing_create(owner=buyer.owner, livemode=True, options=OPTIONS)
    assert (filing.total, filing.skipped) == (2, {"existing_declaration": 1})
    filed_for = set(
        BulkFilingRow.objects.filter(filing=filing).values_list("supplier__producer_number", flat=True)
    )
    assert filed_for == {"D-2", "D-3"}


def test_a_declaration_not_checked_yet_keeps_its_supplier_out_of_a_filing(buyer, eu):  # noqa: F811
    _upload(
        buyer,
        _csv(
            f"D-1,Jan Kowalski,natural_person,Polna 3,99-100,Łęczyca,soja,18000,kg,{PARCEL_ID},,,,"
            "S26PLAAAAAAAA1,ABCDEFGH"
        ),
    )
    _mandates("D-1")
    filing = bulk_filing_create(owner=buyer.owner, livemode=True, options=OPTIONS)
    assert (filing.total, filing.skipped) == (0, {"existing_declaration_unchecked": 1})


def test_a_withdrawn_declaration_is_found_by_the_scheduled_recheck_and_announced_once(
    buyer,
    eu,  # noqa: F811
    farmer_declaration,
):
    farmer, identifier, declared = farmer_declaration
    _upload(
        buyer,
        _csv(
            f"D-1,Jan Kowalski,natural_person,Polna 3,99-100,Łęczyca,soja,18000,kg,,,,,"
            f"{declared.reference_number},{declared.verification_number}"
        ),
    )
    now = timezone.now()
    upstream_references_recheck(now=now)
    reference = UpstreamReference.objects.get(reference_number=declared.reference_number)
    assert reference.state == UpstreamState.VALID
    # Not due again before the interval: a run now asks the EU nothing.
    asked = eu.calls.count("VerifyDeclarationRequest")
    assert upstream_references_recheck(now=now + timedelta(hours=1)) == 0
    assert eu.calls.count("VerifyDeclarationRequest") == asked

    farmer.withdraw_sd(identifier)  # at the EU, without telling the buyer
    assert upstream_references_recheck(now=now + timedelta(hours=25)) == 1
    reference.refresh_from_db()
    assert (reference.state, reference.result, reference.eu_status) == (
        UpstreamState.WITHDRAWN,
        "EXISTING_NON_USABLE",
        "WITHDRAWN",
    )
    (event,) = Event.objects.filter(type=CHANGED)
    assert event.owner == buyer.owner and event.livemode
    assert event.data["reference_number"] == declared.reference_number
    assert (event.data["from"], event.data["to"], event.data["origin"]) == ("valid", "withdrawn", "roster")
    assert event.data["supplier"] == "D-1"

    # The next rounds find the same answer: nothing new is announced.
    assert upstream_references_recheck(now=now + timedelta(hours=50)) == 1
    assert Event.objects.filter(type=CHANGED).count() == 1
    # A supplier whose declaration was withdrawn is no longer left out of a filing.
    _mandates("D-1")
    filing = bulk_filing_create(owner=buyer.owner, livemode=True, options=OPTIONS)
    assert filing.skipped == {}


def test_the_oldest_check_goes_first_and_a_run_is_bounded(buyer, eu, farmer_declaration):  # noqa: F811
    _client, _identifier, declared = farmer_declaration
    now = timezone.now()
    older = UpstreamReference.objects.create(
        owner=buyer.owner,
        reference_number="26PLNOSUCHREF1",
        verification_number="ABCDEFGH",
        due_at=now - timedelta(hours=5),
    )
    newer = UpstreamReference.objects.create(
        owner=buyer.owner,
        reference_number=declared.reference_number,
        verification_number=declared.verification_number,
        due_at=now - timedelta(hours=1),
    )
    assert upstream_references_recheck(now=now, limit=1) == 1
    older.refresh_from_db(), newer.refresh_from_db()
    assert older.state == UpstreamState.NOT_FOUND and newer.state == UpstreamState.UNKNOWN
    assert upstream_references_recheck(now=now, limit=1) == 1
    newer.refresh_from_db()
    assert newer.state == UpstreamState.VALID


def test_a_recheck_the_eu_does_not_answer_changes_nothing(buyer, eu, farmer_declaration, settings):  # noqa: F811
    _client, _identifier, declared = farmer_declaration
    now = timezone.now()
    reference = UpstreamReference.objects.create(
        owner=buyer.owner,
        reference_number=declared.reference_number,
        verification_number=declared.verification_number,
        state=UpstreamState.VALID,
        due_at=now,
    )
    settings.EU_IS_URL = "http://127.0.0.1:9/"  # nothing listens there
    assert upstream_references_recheck(now=now) == 0
    reference.refresh_from_db()
    assert reference.state == UpstreamState.VALID and reference.error_message
    assert reference.due_at > now  # asked again later, not in a loop
    assert not Event.objects.filter(type=CHANGED).exists()


def test_own_statements_are_rechecked_too(buyer, eu, farmer_declaration, make_statement):  # noqa: F811
    farmer, identifier, declared = farmer_declaration
    statement = make_statement(owner=buyer.owner)
    # As the outbox leaves a statement the EU numbered (here, numbers the fake issued).
    EuSubmission.objects.update_or_create(
        statement=statement,
        defaults={
            "internal_reference": "OWN-1",
            "state": EuState.FINAL,
            "eu_status": "AVAILABLE",
            "reference_number": declared.reference_number,
            "verification_number": declared.verification_number,
        },
    )
    now = timezone.now()
    upstream_references_recheck(now=now)
    own = UpstreamReference.objects.get(origin="own")
    assert own.owner == buyer.owner and own.submission.statement == statement
    assert own.state == UpstreamState.VALID
    farmer.withdraw_sd(identifier)
    upstream_references_recheck(now=now + timedelta(days=2))
    (event,) = Event.objects.filter(type=CHANGED)
    assert event.data["dds_id"] == statement.dds_id and event.data["to"] == "withdrawn"


def test_a_recheck_is_asked_for_through_the_api(buyer, eu, farmer_declaration):  # noqa: F811
    _client, _identifier, declared = farmer_declaration
    later = timezone.now() + timedelta(days=3)
    UpstreamReference.objects.create(
        owner=buyer.owner,
        reference_number=declared.reference_number,
        verification_number=declared.verification_number,
        due_at=later,
    )
    assert upstream_references_recheck() == 0  # not due
    response = buyer.post("/api/eudr/v1/upstream-references/recheck")
    assert response.status_code == 202 and response.json() == {"due": 1}
    assert upstream_references_recheck() == 1
    listed = buyer.get("/api/eudr/v1/upstream-references").json()["results"]
    assert [(r["state"], r["origin"]) for r in listed] == [("valid", "recorded")]


@pytest.mark.parametrize(
    "written",
    ["PL012345678-001", "pl012345678001", "PL 012345678 001", " PL012345678-001 "],
)
def test_herd_numbers_in_the_form_arimr_prints_are_accepted(make_user, written):
    owner = make_user("standard")
    roster_import(
        owner=owner,
        livemode=True,
        filename="r.csv",
        data=_csv(
            f"D-1,Anna Nowak,natural_person,Wólka 12,26-600,Radom,bydło,40,szt,,26-601,Jedlińsk,{written},,"
        ),
    )
    supplier = Supplier.objects.get(producer_number="D-1")
    assert supplier.herd_number == "PL012345678-001"
    # Kept with the declaration filed for the supplier: every plot carries it as its reference.
    body = declaration_body(supplier, OPTIONS)
    assert [plot["reference"] for plot in body["commodities"][0]["plots"]] == ["PL012345678-001"]


@pytest.mark.parametrize(
    ("written", "commodity", "code"),
    [
        ("PL12345678-001", "bydło", "invalid_herd_number"),  # eight digits
        ("PL012345678-01", "bydło", "invalid_herd_number"),
        ("DE012345678-001", "bydło", "invalid_herd_number"),
        ("012345678001", "bydło", "invalid_herd_number"),
        ("PL012345678-001", "soja", "herd_number_not_cattle"),
    ],
)
def test_herd_numbers_of_another_form_or_for_other_goods_are_refused(make_user, written, commodity, code):
    with pytest.raises(RosterInvalid) as refused:
        roster_import(
            owner=make_user("standard"),
            livemode=True,
            filename="r.csv",
            data=_csv(
                f"D-1,Anna Nowak,natural_person,Wólka 12,26-600,Radom,{commodity},40,szt,,26-601,Jedlińsk,"
                f"{written},,"
            ),
        )
    assert {(e.field, e.code) for e in refused.value.errors} == {("herd_number", code)}


def test_herd_number_normalise_reads_only_the_arimr_form():
    assert herd_number_normalise("PL000000001-999") == "PL000000001-999"
    assert herd_number_normalise("PL0000000019999") is None
    assert herd_number_normalise("") is None


@pytest.mark.parametrize(
    ("reference", "verification", "expected"),
    [
        ("26PLWY0KMSSX7B", "", {("declaration_verification_number", "required")}),
        ("", "ABCDEFGH", {("declaration_reference_number", "required")}),
        ("26PL-WY0KMSSX7", "ABCDEFGH", {("declaration_reference_number", "invalid_reference_number")}),
        ("26PLWY0KMSSX7BX", "ABCDEFGH", {("declaration_reference_number", "invalid_reference_number")}),
        ("26PLWY0KMSSX7B", "ABC", {("declaration_verification_number", "invalid_verification_number")}),
    ],
)
def test_declaration_numbers_are_checked_offline(make_user, reference, verification, expected):
    with pytest.raises(RosterInvalid) as refused:
        roster_import(
            owner=make_user("standard"),
            livemode=True,
            filename="r.csv",
            data=_csv(
                f"D-1,Jan Kowalski,natural_person,Polna 3,99-100,Łęczyca,soja,18000,kg,{PARCEL_ID},,,,"
                f"{reference},{verification}"
            ),
        )
    assert {(e.field, e.code) for e in refused.value.errors} == expected


def test_test_suppliers_keep_their_numbers_unchecked(make_user):
    owner = make_user("standard")
    roster_import(
        owner=owner,
        livemode=False,
        filename="r.csv",
        data=_csv(
            "D-1,Jan Kowalski,natural_person,Polna 3,99-100,Łęczyca,soja,18000,kg,,,,,26PLWY0KMSSX7B,ABCDEFGH"
        ),
    )
    supplier = Supplier.objects.get(producer_number="D-1")
    assert supplier.declaration_reference_number == "26PLWY0KMSSX7B" and supplier.existing_declaration is None
    assert not UpstreamReference.objects.exists()


def test_an_own_statement_withdrawn_through_the_service_is_no_news(
    buyer,
    eu,  # noqa: F811
    farmer_declaration,
    make_statement,
):
    farmer, identifier, declared = farmer_declaration
    statement = make_statement(owner=buyer.owner)
    submission, _ = EuSubmission.objects.update_or_create(
        statement=statement,
        defaults={
            "internal_reference": "OWN-1",
            "state": EuState.FINAL,
            "eu_status": "AVAILABLE",
            "reference_number": declared.reference_number,
            "verification_number": declared.verification_number,
        },
    )
    now = timezone.now()
    upstream_references_recheck(now=now)
    farmer.withdraw_sd(identifier)
    # The outbox learnt it (and sent dds.eu_status_changed) when it withdrew the statement.
    EuSubmission.objects.filter(pk=submission.pk).update(eu_status="WITHDRAWN")
    upstream_references_recheck(now=now + timedelta(days=2))
    assert UpstreamReference.objects.get(origin="own").state == UpstreamState.WITHDRAWN
    assert not Event.objects.filter(type=CHANGED).exists()


def test_a_declaration_replaced_on_the_roster_is_no_longer_rechecked(buyer, eu):  # noqa: F811
    row = "D-1,Jan Kowalski,natural_person,Polna 3,99-100,Łęczyca,soja,18000,kg,,,,,{},ABCDEFGH"
    _upload(buyer, _csv(row.format("S26PLAAAAAAAA1")))
    _upload(buyer, _csv(row.format("S26PLBBBBBBBB2")))
    supplier = Supplier.objects.get(producer_number="D-1")
    assert supplier.existing_declaration.reference_number == "S26PLBBBBBBBB2"
    assert list(UpstreamReference.objects.values_list("reference_number", flat=True)) == ["S26PLBBBBBBBB2"]
    # Given on the roster no more: nothing of it is left to re-check.
    _upload(
        buyer, _csv(f"D-1,Jan Kowalski,natural_person,Polna 3,99-100,Łęczyca,soja,18000,kg,{PARCEL_ID},,,,,")
    )
    supplier.refresh_from_db()
    assert supplier.existing_declaration is None and supplier.declaration_reference_number == ""
    assert not UpstreamReference.objects.exists()


def test_a_row_another_run_holds_is_not_asked_twice(buyer, eu, farmer_declaration):  # noqa: F811
    _client, _identifier, declared = farmer_declaration
    now = timezone.now()
    reference = UpstreamReference.objects.create(
        owner=buyer.owner,
        reference_number=declared.reference_number,
        verification_number=declared.verification_number,
        due_at=now,
    )
    # Two runs read the row as due; the first to claim it takes it, the other leaves it.
    seen_by_first, seen_by_second = (UpstreamReference.objects.get(pk=reference.pk) for _ in range(2))
    assert _claim(seen_by_first, now=now) and not _claim(seen_by_second, now=now)
    assert upstream_references_recheck(now=now) == 0
    assert "VerifyDeclarationRequest" not in eu.calls
    # A run that died with it leaves it due once the claim lapses.
    assert upstream_references_recheck(now=now + timedelta(minutes=11)) == 1
