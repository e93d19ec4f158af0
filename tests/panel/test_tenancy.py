"""One account never sees or touches another's keys, webhooks, statements or reports."""

import pytest

from accounts.models import APIKey
from webhooks.models import Delivery
from webhooks.services import endpoint_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def two(signed_in, settings):
    settings.WEBHOOKS_ALLOW_INSECURE = True
    return signed_in("standard"), signed_in("standard")


def test_keys_of_another_account_are_invisible_and_404(two, make_key):
    mine, theirs = two
    key, _ = make_key(user=theirs.user, name="their secret key")
    assert "their secret key" not in mine.get("/panel/keys/").content.decode()
    assert key.prefix not in mine.get("/panel/keys/").content.decode()
    assert mine.get(f"/panel/keys/{key.public_id}/revoke/").status_code == 404
    assert mine.post(f"/panel/keys/{key.public_id}/revoke/").status_code == 404
    assert APIKey.objects.get(pk=key.pk).status == "active"


def test_webhooks_of_another_account_are_invisible_and_404(two):
    mine, theirs = two
    endpoint = endpoint_create(owner=theirs.user, url="http://127.0.0.1:9/theirs", events=["dds.created"])
    assert "127.0.0.1:9/theirs" not in mine.get("/panel/webhooks/").content.decode()
    base = f"/panel/webhooks/{endpoint.public_id}"
    assert mine.get(f"{base}/").status_code == 404
    for action in ("toggle", "test", "delete"):
        assert mine.post(f"{base}/{action}/").status_code == 404, action
    assert mine.get(f"{base}/delete/").status_code == 404
    endpoint.refresh_from_db()
    assert endpoint.enabled


def test_deliveries_of_another_account_cannot_be_redelivered(
    two, receiver, django_capture_on_commit_callbacks
):
    from webhooks.services import endpoint_send_test

    mine, theirs = two
    their_endpoint = endpoint_create(owner=theirs.user, url=receiver.url, events=["dds.created"])
    my_endpoint = endpoint_create(owner=mine.user, url=receiver.url, events=["dds.created"])
    delivery = endpoint_send_test(endpoint=their_endpoint)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        for webhook in (their_endpoint, my_endpoint):
            url = f"/panel/webhooks/{webhook.public_id}/deliveries/{delivery.public_id}/redeliver/"
            assert mine.post(url).status_code == 404
    assert callbacks == []
    assert Delivery.objects.count() == 1


def test_statements_of_another_account_are_invisible_and_404(two, make_statement):
    mine, theirs = two
    statement = make_statement("COMPLIANT", owner=theirs.user)
    assert statement.dds_id not in mine.get("/panel/statements/").content.decode()
    assert mine.get(f"/panel/statements/{statement.dds_id}/").status_code == 404
    assert theirs.get(f"/panel/statements/{statement.dds_id}/").status_code == 200


def test_reports_of_another_account_are_invisible_and_404(two, make_report):
    mine, theirs = two
    report = make_report(theirs.user, company_name="Their Company")
    assert "Their Company" not in mine.get("/panel/reports/").content.decode()
    assert mine.get(f"/panel/reports/{report.public_id}/").status_code == 404
    assert mine.get(f"/api/csrd/reports/{report.public_id}/pdf").status_code == 404
    assert theirs.get(f"/panel/reports/{report.public_id}/").status_code == 200
