"""`make run`'s demo seeding prints what a newcomer needs to try the API and the panel."""

import io
import re

from django.core.management import call_command


def _seed() -> str:
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def test_printed_password_signs_in_to_the_panel(client, db):
    printed = _seed()
    password = re.search(r"Demo password:\s+(\S+)", printed).group(1)
    response = client.post("/accounts/login/", {"username": "demo@operator.example", "password": password})
    assert response.status_code == 302
    assert client.get("/panel/").status_code == 200


def test_each_run_replaces_the_password_and_the_key(client, db):
    first, second = _seed(), _seed()
    old_password = re.search(r"Demo password:\s+(\S+)", first).group(1)
    new_password = re.search(r"Demo password:\s+(\S+)", second).group(1)
    assert old_password != new_password
    assert re.search(r"Demo API key:\s+(\S+)", first).group(1) != re.search(
        r"Demo API key:\s+(\S+)", second
    ).group(1)
    refused = client.post("/accounts/login/", {"username": "demo@operator.example", "password": old_password})
    assert refused.status_code == 200  # the form again, with an error
    assert "_auth_user_id" not in client.session
