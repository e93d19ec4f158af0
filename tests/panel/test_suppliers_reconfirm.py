"""The panel's side of mandates that stay with their person: an upload that changes a
supplier's person or land says so row by row, and those suppliers can be asked again."""

from __future__ import annotations

import pytest
from django.core import mail

from suppliers.models import MandateStatus, SupplierMandate
from tests.panel.test_suppliers_panel import PAGE, ROSTER, imported, mandate, upload
from tests.panel.test_translations import untranslated_on_polish_page, visible_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def test_an_upload_that_changes_a_person_lists_the_row_and_asks_only_them_again(
    signed_in, django_capture_on_commit_callbacks
):
    client = signed_in("standard")
    imported(client.user)
    mandate("D-1")
    mandate("D-2")
    changed = [ROSTER[0].replace("Jan Kowalski", "Piotr Wiśniewski"), *ROSTER[1:]]
    assert upload(client, changed).status_code == 302
    page = client.get(PAGE).content.decode()
    text = visible_text(page)
    assert "Wiersz 2, D-1: pełnomocnictwo już nie obowiązuje (zmieniono: nazwa" in text
    assert "D-2: pełnomocnictwo" not in text
    assert 'data-testid="reconfirm-form"' in page and untranslated_on_polish_page(page) == []
    assert SupplierMandate.objects.get(supplier__producer_number="D-2").status == MandateStatus.ACTIVE
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(PAGE, {"action": "reconfirm"}).status_code == 302
    # Only the changed supplier is asked, at the address now on the roster.
    assert [m.to for m in mail.outbox] == [["jan@example.pl"]]
    newest = SupplierMandate.objects.filter(supplier__producer_number="D-1").order_by("-id").first()
    assert (
        newest.status == MandateStatus.REQUESTED and newest.authorised_facts()["name"] == "Piotr Wiśniewski"
    )
    assert 'data-testid="reconfirm-form"' not in client.get(PAGE).content.decode()


def test_the_email_cap_is_said_in_words(signed_in, settings, django_capture_on_commit_callbacks):
    settings.MANDATE_EMAILS_PER_DAY = 1
    client = signed_in("standard")
    imported(client.user)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(PAGE, {"action": "mandates"})
    assert mail.outbox == [] and not SupplierMandate.objects.exists()
    text = visible_text(client.get(PAGE).content.decode())
    assert "Nie wysłano żadnego e-maila" in text
