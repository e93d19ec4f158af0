"""A bulk filing's own page (issue 39, finding 1): starting, cancelling and retrying only
record and queue, and answer with a redirect to the filing's page, which follows the
filing to its EU numbers and says when nothing can reach the EU."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from eu_filing.credentials import eu_credential_store
from eu_filing.outbox import eu_submissions_poll
from suppliers.models import BulkFiling, BulkFilingRow, BulkFilingStatus, RowState
from tests.eu_filing.test_simplified_declaration import eu  # noqa: F401  (fixture)
from tests.euis.conftest import FARMER, fake_eu  # noqa: F401  (fixture)
from tests.panel.test_suppliers_panel import FILING, PAGE, imported, mandate
from tests.panel.test_translations import untranslated_on_polish_page, visible_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
BODY = FILING | {"goods_soya_description": "Soja ziarno", "goods_soya_hs_heading": "1201"}


def _with_mandates(client) -> None:
    imported(client.user)
    mandate("D-1")
    mandate("D-2")


def test_starting_a_filing_records_it_and_answers_with_its_page(
    signed_in, django_capture_on_commit_callbacks
):
    client = signed_in("standard")
    _with_mandates(client)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = client.post(PAGE, BODY)
    filing = BulkFiling.objects.get(owner=client.user)
    assert response.status_code == 302
    assert response["Location"] == f"/panel/suppliers/filings/{filing.public_id}/"
    # The request filed nothing: it queued the work (one callback) for a worker.
    assert len(queued) == 1 and filing.status == BulkFilingStatus.RUNNING
    assert set(BulkFilingRow.objects.filter(filing=filing).values_list("state", flat=True)) == {
        RowState.QUEUED
    }
    page = client.get(response["Location"]).content.decode()
    assert '<meta http-equiv="refresh" content="3">' in page
    assert untranslated_on_polish_page(page) == []
    text = visible_text(page)
    assert "Obsłużono 0 z 2 dostawców." in text and "Anuluj" in text


def test_the_page_follows_the_filing_to_the_eu_numbers_and_stops_refreshing(
    signed_in,
    eu,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    client = signed_in("standard")
    eu_credential_store(
        account=client.user,
        username=FARMER.username,
        authentication_key=FARMER.authentication_key,
        client_id=FARMER.client_id,
        environment="acceptance",
    )
    _with_mandates(client)
    with django_capture_on_commit_callbacks(execute=True):
        location = client.post(PAGE, BODY)["Location"]
    page = client.get(location).content.decode()
    assert 'data-testid="no-eu-credentials"' not in page
    text = visible_text(page)
    assert "Obsłużono 2 z 2 dostawców." in text and "Anuluj" not in text
    # Filed and sent; the EU's reference numbers come with its next status check.
    assert 'http-equiv="refresh"' in page
    for day in (1, 2):
        eu_submissions_poll(now=timezone.now() + timedelta(days=day))
    page = client.get(location).content.decode()
    assert 'data-testid="eu-with-reference">2<' in page
    assert 'http-equiv="refresh"' not in page


def test_without_eu_credentials_the_form_and_the_page_say_nothing_reaches_the_eu(
    signed_in, django_capture_on_commit_callbacks
):
    client = signed_in("standard")
    _with_mandates(client)
    assert 'data-testid="no-eu-credentials"' in client.get(PAGE).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        location = client.post(PAGE, BODY)["Location"]
    page = client.get(location).content.decode()
    assert 'data-testid="no-eu-credentials"' in page
    assert "żadna nie trafia do UE" in visible_text(page)
    # Filed here, waiting for credentials: nothing will move until they are stored.
    assert 'http-equiv="refresh"' not in page


def test_cancel_and_retry_from_the_page_and_another_accounts_filing_is_not_found(signed_in):
    client = signed_in("standard")
    _with_mandates(client)
    client.post(PAGE, BODY)  # queued; the task never runs here
    filing = BulkFiling.objects.get(owner=client.user)
    page = f"/panel/suppliers/filings/{filing.public_id}/"
    assert client.post(page, {"action": "cancel"})["Location"] == page
    filing.refresh_from_db()
    assert filing.status == BulkFilingStatus.CANCELLED
    BulkFilingRow.objects.filter(filing=filing).update(state=RowState.FAILED)
    assert client.post(page, {"action": "retry"}).status_code == 302
    assert BulkFilingRow.objects.filter(filing=filing, state=RowState.QUEUED).count() == 2
    other = signed_in("standard")
    assert other.get(page).status_code == 404
    assert other.post(page, {"action": "cancel"}).status_code == 404
