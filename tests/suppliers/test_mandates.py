"""Mandates: a signed authorisation staff review, or the supplier's confirmation by e-mail link."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from suppliers.mandates import MAX_DOCUMENT_BYTES, mandates_expire
from suppliers.models import MandateStatus, Supplier, SupplierMandate
from suppliers.tasks import mandates_maintain_task
from tests.suppliers.test_roster import GOOD, _csv

# Tasks run here in the services suite too: these tests are about what the tasks do.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
SUPPLIERS = "/api/eudr/v1/suppliers"
PDF = b"%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture
def buyer(keyed_client, django_capture_on_commit_callbacks):
    client = keyed_client("standard")
    roster = _csv(GOOD[0], GOOD[1].replace(",,drewno", ",tartak@example.pl,drewno"))
    response = client.post(
        f"{SUPPLIERS}/import", {"file": SimpleUploadedFile("r.csv", roster)}, format="multipart"
    )
    assert response.status_code == 201, response.content
    return client


def _id(producer_number: str) -> str:
    return str(Supplier.objects.get(producer_number=producer_number).public_id)


def _upload(client, supplier_id: str, data: bytes, name: str = "pelnomocnictwo.pdf"):
    return client.post(
        f"{SUPPLIERS}/{supplier_id}/mandate", {"file": SimpleUploadedFile(name, data)}, format="multipart"
    )


def test_an_uploaded_authorisation_waits_for_staff_and_is_stored_encrypted(buyer, admin_client):
    response = _upload(buyer, _id("D-1"), PDF)
    assert response.status_code == 201, response.content
    assert (response.json()["status"], response.json()["document_type"]) == (
        "pending_review",
        "application/pdf",
    )
    mandate = SupplierMandate.objects.get()
    assert (
        b"%PDF"
        not in SupplierMandate.objects.filter(pk=mandate.pk).values_list("document", flat=True)[0].encode()
    )
    shown = admin_client.get(f"/admin/suppliers/suppliermandate/{mandate.pk}/document/")
    assert shown.content == PDF and shown["Content-Type"] == "application/pdf"
    admin_client.post(
        "/admin/suppliers/suppliermandate/", {"action": "approve", "_selected_action": [mandate.pk]}
    )
    mandate.refresh_from_db()
    assert mandate.status == MandateStatus.ACTIVE and mandate.reviewed_by is not None
    assert buyer.get(f"{SUPPLIERS}/{_id('D-1')}").json()["mandate"]["status"] == "active"


@pytest.mark.parametrize(
    ("data", "name", "code"),
    [
        (b"<html>not a scan</html>", "skan.pdf", "unsupported_document"),
        (b"%PDF-" + b"0" * MAX_DOCUMENT_BYTES, "big.pdf", "document_too_large"),
        (b"", "empty.pdf", "empty_document"),
    ],
)
def test_an_authorisation_that_is_not_a_document_is_refused(buyer, settings, data, name, code):
    settings.API_MAX_BODY_BYTES = 4 * MAX_DOCUMENT_BYTES  # the document's own limit, not the body's
    response = _upload(buyer, _id("D-1"), data, name)
    assert response.status_code == 400 and response.json()["code"] == code
    assert not SupplierMandate.objects.exists()


def test_an_upload_over_the_body_limit_is_refused_before_it_is_read(buyer):
    response = _upload(buyer, _id("D-1"), b"%PDF-" + b"0" * MAX_DOCUMENT_BYTES)
    assert response.status_code == 413
    assert not SupplierMandate.objects.exists()


def test_the_supplier_confirms_through_the_link_sees_what_is_filed_and_revokes(
    buyer, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = buyer.post(f"{SUPPLIERS}/mandate-requests", {}, format="json")
    assert response.json() == {"requested": 2, "skipped": 0, "emails": "sent"}
    assert len(mail.outbox) == 2
    message = next(m for m in mail.outbox if m.to == ["jan@example.pl"])
    link = re.search(r"http\S+/mandates/(\S+)", message.body)
    assert "pełnomocnik" in message.body or "przedstawiciel" in message.body  # Polish first
    page = client.get(f"/mandates/{link.group(1)}")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Jan Kowalski" in text and "141201_1.0001.6509" in text and "soja" in text
    client.post(f"/mandates/{link.group(1)}", {"decision": "confirm"})
    mandate = Supplier.objects.get(producer_number="D-1").current_mandate()
    assert mandate.status == MandateStatus.ACTIVE and mandate.confirmed_at is not None
    client.post(f"/mandates/{link.group(1)}", {"decision": "revoke"})
    mandate.refresh_from_db()
    assert mandate.status == MandateStatus.REVOKED
    again = client.post(f"/mandates/{link.group(1)}", {"decision": "confirm"})
    assert again.status_code == 409
    mandate.refresh_from_db()
    assert mandate.status == MandateStatus.REVOKED
    # Asking again skips nobody now: the revoked one may be asked anew, the other is awaiting.
    assert buyer.post(f"{SUPPLIERS}/mandate-requests", {}, format="json").json() == {
        "requested": 1,
        "skipped": 1,
        "emails": "sent",
    }


def test_an_expired_link_cannot_confirm_and_an_unknown_one_is_not_found(
    buyer, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        buyer.post(f"{SUPPLIERS}/mandate-requests", {"suppliers": [_id("D-1")]}, format="json")
    token = re.search(r"/mandates/(\S+)", mail.outbox[0].body).group(1)
    SupplierMandate.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert client.post(f"/mandates/{token}", {"decision": "confirm"}).status_code == 409
    assert SupplierMandate.objects.get().status == MandateStatus.EXPIRED
    assert client.get("/mandates/not-a-token").status_code == 404


def test_a_request_whose_email_was_lost_is_sent_by_the_sweep(buyer, django_capture_on_commit_callbacks):
    buyer.post(f"{SUPPLIERS}/mandate-requests", {"suppliers": [_id("D-1")]}, format="json")  # task lost
    assert mail.outbox == []
    SupplierMandate.objects.update(created_at=timezone.now() - timedelta(minutes=10))
    mandates_maintain_task()
    assert len(mail.outbox) == 1 and SupplierMandate.objects.get().email_sent_at is not None
    mandates_maintain_task()
    assert len(mail.outbox) == 1
    assert mandates_expire(now=timezone.now() + timedelta(days=31)) == 1


def test_a_supplier_without_email_is_skipped_and_names_are_escaped(
    buyer, client, django_capture_on_commit_callbacks
):
    Supplier.objects.filter(producer_number="D-2").update(email="")
    supplier = Supplier.objects.get(producer_number="D-1")
    supplier.name = "<script>alert(1)</script>"
    supplier.save()
    with django_capture_on_commit_callbacks(execute=True):
        assert buyer.post(f"{SUPPLIERS}/mandate-requests", {}, format="json").json() == {
            "requested": 1,
            "skipped": 1,
            "emails": "sent",
        }
    token = re.search(r"/mandates/(\S+)", mail.outbox[0].body).group(1)
    page = client.get(f"/mandates/{token}").content.decode()
    assert "<script>alert" not in page and "&lt;script&gt;" in page


def test_another_buyer_cannot_touch_the_supplier(buyer, keyed_client):
    other = keyed_client("standard")
    assert _upload(other, _id("D-1"), PDF).status_code == 404
    assert other.post(f"{SUPPLIERS}/mandate-requests", {"suppliers": [_id("D-1")]}, format="json").json() == {
        "requested": 0,
        "skipped": 0,
        "emails": "sent",
    }
