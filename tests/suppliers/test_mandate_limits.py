"""Mandate e-mails and scans: test keys send nothing, daily caps per account, staff need the
view permission to read a scan, and the e-mail is readable where `make run` writes it."""

from __future__ import annotations

import email
import re
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import Permission
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from suppliers.mandates import mandate_email_send
from suppliers.models import EmailState, MandateStatus, Supplier, SupplierMandate
from tests.suppliers.test_mandates import PDF
from tests.suppliers.test_roster import GOOD, _csv

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
SUPPLIERS = "/api/eudr/v1/suppliers"
ROSTER = _csv(GOOD[0], GOOD[1].replace(",,drewno", ",tartak@example.pl,drewno"))


def _buyer(client):
    response = client.post(
        f"{SUPPLIERS}/import", {"file": SimpleUploadedFile("r.csv", ROSTER)}, format="multipart"
    )
    assert response.status_code == 201, response.content
    return client


@pytest.fixture
def buyer(keyed_client):
    return _buyer(keyed_client("standard"))


def _scan(client, number: str = "D-1", data: bytes = PDF):
    supplier_id = Supplier.objects.get(producer_number=number).public_id
    return client.post(
        f"{SUPPLIERS}/{supplier_id}/mandate", {"file": SimpleUploadedFile("s.pdf", data)}, format="multipart"
    )


def test_a_test_key_creates_the_requests_but_sends_no_email(make_key, django_capture_on_commit_callbacks):
    from rest_framework.test import APIClient

    _, plaintext = make_key("standard", livemode=False)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plaintext}")
    _buyer(client)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"{SUPPLIERS}/mandate-requests", {}, format="json")
    assert response.json() == {"requested": 2, "skipped": 0, "emails": "not_sent_test_mode"}
    assert mail.outbox == []
    mandates = SupplierMandate.objects.all()
    assert {m.email_state for m in mandates} == {EmailState.NOT_SENT_TEST_MODE}
    assert all(mandate_email_send(m.pk) is False for m in mandates)  # the sweep sends none either
    assert mail.outbox == []
    listed = client.get(SUPPLIERS).json()["results"]
    assert {s["mandate"]["email_state"] for s in listed} == {"not_sent_test_mode"}


def test_emails_are_capped_per_account_and_day(
    buyer, keyed_client, settings, django_capture_on_commit_callbacks
):
    settings.MANDATE_EMAILS_PER_DAY = 3
    now = timezone.now().replace(hour=22, minute=0, second=0, microsecond=0)
    with time_machine.travel(now, tick=False):
        with django_capture_on_commit_callbacks(execute=True):
            assert buyer.post(f"{SUPPLIERS}/mandate-requests", {}, format="json").json()["requested"] == 2
        # Both links expire unconfirmed; asking both again would make 4 e-mails today.
        SupplierMandate.objects.update(status=MandateStatus.EXPIRED)
        with django_capture_on_commit_callbacks(execute=True):
            refused = buyer.post(f"{SUPPLIERS}/mandate-requests", {}, format="json")
    assert refused.status_code == 429 and refused.json()["code"] == "mandate_emails_exceeded"
    assert refused["Retry-After"] == str(2 * 3600)
    assert SupplierMandate.objects.count() == 2 and len(mail.outbox) == 2
    # Another account has its own count; the next UTC day starts a new one.
    assert (
        _buyer(keyed_client("standard")).post(f"{SUPPLIERS}/mandate-requests", {}, format="json").status_code
        == 201
    )
    with time_machine.travel(now + timedelta(hours=3), tick=False):
        assert buyer.post(f"{SUPPLIERS}/mandate-requests", {}, format="json").status_code == 201


def test_scan_uploads_are_capped_in_number_and_bytes(buyer, settings):
    settings.MANDATE_SCANS_PER_DAY = 2
    assert _scan(buyer).status_code == 201
    assert _scan(buyer, "D-2").status_code == 201
    refused = _scan(buyer)
    assert refused.status_code == 429 and refused.json()["code"] == "mandate_scans_exceeded"
    assert int(refused["Retry-After"]) > 0 and SupplierMandate.objects.count() == 2
    settings.MANDATE_SCANS_PER_DAY = 100
    settings.MANDATE_SCAN_BYTES_PER_DAY = 2 * len(PDF) + 10
    assert _scan(buyer, data=PDF + b"x" * 20).status_code == 429
    assert SupplierMandate.objects.count() == 2


def test_a_scan_is_served_only_to_staff_with_the_view_permission(buyer, django_user_model):
    assert _scan(buyer).status_code == 201
    url = f"/admin/suppliers/suppliermandate/{SupplierMandate.objects.get().pk}/document/"
    staff = django_user_model.objects.create_user(email="staff@example.com", password="x" * 12, is_staff=True)
    client = Client()
    client.force_login(staff)
    assert client.get(url).status_code == 403
    staff.user_permissions.add(Permission.objects.get(codename="view_suppliermandate"))
    client.force_login(django_user_model.objects.get(pk=staff.pk))
    shown = client.get(url)
    assert shown.status_code == 200 and shown.content == PDF


def test_the_email_is_written_readable_as_an_eml_file(
    buyer, settings, tmp_path, django_capture_on_commit_callbacks
):
    # `make run`'s default: .eml files under var/mail/ (here a temporary folder).
    settings.EMAIL_BACKEND = "eudr_service.lib.mail.EmlFileBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    with django_capture_on_commit_callbacks(execute=True):
        buyer.post(
            f"{SUPPLIERS}/mandate-requests",
            {"suppliers": [str(Supplier.objects.get(producer_number="D-1").public_id)]},
            format="json",
        )
    (written,) = list(tmp_path.iterdir())
    assert written.suffix == ".eml"
    raw = written.read_bytes()
    text = raw.decode("utf-8")
    # 8-bit UTF-8: Polish words as they are, no Base64 or quoted-printable blocks.
    assert "Content-Transfer-Encoding: 8bit" in text
    assert "upoważnienie" in text and "Jan Kowalski" in text
    message = email.message_from_bytes(raw)
    body = message.get_payload(decode=True).decode()
    assert max(len(line) for line in body.splitlines() if "/mandates/" not in line) <= 72
    assert re.search(r"^http\S+/mandates/\S+$", body, re.M)
    assert message["To"] == "jan@example.pl"
    assert SupplierMandate.objects.get().email_state == EmailState.SENT


def test_the_page_shows_what_will_be_filed_and_its_state(buyer, client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        buyer.post(f"{SUPPLIERS}/mandate-requests", {}, format="json")
    token = re.search(
        r"/mandates/(\S+)", next(m for m in mail.outbox if m.to == ["tartak@example.pl"]).body
    ).group(1)
    page = client.get(f"/mandates/{token}").content.decode()
    assert 'class="dds-status mandate badge-in_progress"' in page
    assert "prosi o upoważnienie" in page and "drewno" in page
    assert "18 000" in page or "18\xa0000" in page  # the yearly quantity, Polish grouping, with its unit
    assert re.search(r"18.000 kg", page)
    assert "<code>4401</code>" in page or "4401" in page  # an Annex I heading of wood before any filing
    client.post(f"/mandates/{token}", {"decision": "confirm"})
    confirmed = client.get(f"/mandates/{token}").content.decode()
    assert "badge-verified" in confirmed and "prosi o upoważnienie" not in confirmed
    assert "udzieliłeś(-aś) upoważnienia" in confirmed
    english = client.get(f"/mandates/{token}?lang=en").content.decode()
    assert "You authorised" in english and "asks for your authorisation" not in english
    assert "Yearly quantity" in english


def test_cattle_in_head_is_shown_in_its_own_unit(keyed_client, client, django_capture_on_commit_callbacks):
    from tests.suppliers.test_roster import HEADER

    row = (
        "D-7,Anna Nowak,natural_person,,,Wólka 12,26-600,Radom,anna@example.pl,bydło,40,szt,,26-601,Jedlińsk"
    )
    buyer = keyed_client("standard")
    buyer.post(
        f"{SUPPLIERS}/import",
        {"file": SimpleUploadedFile("r.csv", _csv(row, header=HEADER))},
        format="multipart",
    )
    with django_capture_on_commit_callbacks(execute=True):
        buyer.post(f"{SUPPLIERS}/mandate-requests", {}, format="json")
    token = re.search(r"/mandates/(\S+)", mail.outbox[-1].body).group(1)
    page = client.get(f"/mandates/{token}").content.decode()
    assert "40 szt." in page and "40 kg" not in page
    assert MandateStatus.REQUESTED in page
