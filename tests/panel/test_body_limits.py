"""The body limit on pages: the panel's uploads and forms refused with 413 before their
body is read (issue 40.13; the API's limit is tested in tests/eudr_service/test_problems.py).

The body handed to the server here explodes when read: a 413 answer with it proves the
refusal came from the declared length alone, before a byte of the upload was taken."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from suppliers.models import Supplier
from tests.panel.test_suppliers_panel import PAGE, ROSTER, roster

pytestmark = pytest.mark.django_db


class UnreadableBody:
    """A request body that fails the test if anything reads it."""

    def read(self, *args, **kwargs):
        raise AssertionError("the body was read")

    readline = read


def _post_declaring(client, path: str, length: int):
    return client.post(
        path,
        data=b"",
        content_type="application/octet-stream",  # sent as is; CONTENT_TYPE below wins
        CONTENT_TYPE="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(length),
        **{"wsgi.input": UnreadableBody()},
    )


def test_a_roster_upload_over_the_limit_is_refused_with_413_unread(signed_in, settings):
    client = signed_in("standard")
    response = _post_declaring(client, PAGE, 300 * 1024 * 1024)  # what the attacker sent
    assert response.status_code == 413 and response["Content-Type"].startswith("text/html")
    assert "2 MB" in response.content.decode()
    response = _post_declaring(client, PAGE, settings.API_MAX_BODY_BYTES + 1)
    assert response.status_code == 413 and not Supplier.objects.exists()


def test_the_roster_page_takes_an_upload_up_to_the_apis_limit(signed_in, settings):
    client = signed_in("standard")
    padding = "\n" * (settings.PAGE_MAX_BODY_BYTES + 1)  # over a form's limit, under an upload's
    data = roster(ROSTER) + padding.encode()
    response = client.post(PAGE, {"action": "upload", "file": SimpleUploadedFile("d.csv", data)})
    assert response.status_code in (200, 302) and Supplier.objects.count() == len(ROSTER)


def test_other_panel_forms_take_a_forms_body_only(signed_in, settings):
    client = signed_in("standard")
    response = _post_declaring(client, "/panel/keys/", settings.PAGE_MAX_BODY_BYTES + 1)
    assert response.status_code == 413
    # The sign-in page, before any account: the same limit.
    response = _post_declaring(signed_in("standard").__class__(), "/accounts/login/", 10 * 1024 * 1024)
    assert response.status_code == 413


def test_the_limits_follow_the_settings(signed_in, settings):
    settings.API_MAX_BODY_BYTES = 4096
    response = _post_declaring(signed_in("standard"), PAGE, 4097)
    assert response.status_code == 413 and "4 KB" in response.content.decode()
