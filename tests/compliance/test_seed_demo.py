"""`make run`'s demo seeding prints what a newcomer needs to try the API and the panel."""

import io
import re
from datetime import timedelta

from django.core.management import call_command
from django.utils import timezone

from compliance.models import DueDiligenceStatement


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


def test_every_demo_statement_has_geolocation_and_what_the_eu_asks(db):
    """No demo statement can be made green or sent to the EU without plots (the sweep screens
    the SUBMITTED one minutes after `make run`), and each maps to V3 where it would be sent."""
    from compliance.models import DDSCommodity, DDSStatus, DueDiligenceStatement
    from eu_filing.mapping import dds_to_eu

    _seed()
    lines = DDSCommodity.objects.filter(statement__dds_id__endswith="-DEMO")
    assert lines.exists()
    assert not [line.statement.dds_id for line in lines if not line.plots.exists()]
    assert not [line.statement.dds_id for line in lines if not line.producers.exists()]
    for statement in DueDiligenceStatement.objects.filter(
        dds_id__endswith="-DEMO", status__in=[DDSStatus.COMPLIANT, DDSStatus.SUBMITTED]
    ):
        assert dds_to_eu(statement).commodities  # raises NotMappable if the EU would refuse it


def test_the_expired_demo_statement_was_decided_before_it_expired(db, settings):
    _seed()
    statement = DueDiligenceStatement.objects.get(dds_id="DDS-PL-2024-000007-DEMO")
    validity = timedelta(days=settings.DDS_VALIDITY_DAYS)
    assert statement.valid_until < timezone.now()  # shown EXPIRED
    assert statement.status_decided_at == statement.verified_at == statement.valid_until - validity
    assert statement.created_at <= statement.status_decided_at
    assert all(c.changed_at <= statement.valid_until for c in statement.history.all())


def test_goods_produced_abroad_are_imported_with_an_eori(db):
    _seed()
    for statement in DueDiligenceStatement.objects.filter(dds_id__endswith="-DEMO"):
        if statement.country_of_production == "PL":
            assert statement.activity == "domestic", statement.dds_id
        else:
            assert statement.activity == "import" and statement.operator_eori, statement.dds_id
