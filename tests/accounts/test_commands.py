"""Management commands: create_api_key and seed_demo."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.models import APIKey, User
from accounts.services import api_key_authenticate
from compliance.models import DueDiligenceStatement

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue().strip()


def test_create_api_key_creates_user_and_prints_a_working_key():
    plaintext = _run("create_api_key", "--email", "Buyer@Example.com", "--plan", "standard", "--name", "erp")
    user = User.objects.get(email="buyer@example.com")
    assert user.plan_id == "standard"
    api_key = api_key_authenticate(plaintext=plaintext)
    assert api_key is not None and api_key.user == user and api_key.name == "erp"


def test_create_api_key_for_existing_user_changes_plan_and_adds_a_key(make_user):
    user = make_user("free", email="ops@example.com")
    _run("create_api_key", "--email", "ops@example.com", "--plan", "pro")
    user.refresh_from_db()
    assert user.plan_id == "pro"
    assert user.api_keys.count() == 1


def test_create_api_key_rejects_unknown_plan():
    with pytest.raises(CommandError, match="Unknown plan"):
        _run("create_api_key", "--email", "x@example.com", "--plan", "platinum")


def test_seed_demo_is_idempotent_and_covers_every_status():
    first = _run("seed_demo")
    second = _run("seed_demo")
    statuses = {s.effective_status() for s in DueDiligenceStatement.objects.all()}
    assert statuses >= {
        "COMPLIANT",
        "SUBMITTED",
        "UNDER_REVIEW",
        "AT_RISK",
        "NON_COMPLIANT",
        "WITHDRAWN",
        "EXPIRED",
        "DRAFT",
    }
    assert DueDiligenceStatement.objects.count() == 8
    # Each run prints a new key and revokes the previous demo key.
    keys = [line.split()[-1] for text in (first, second) for line in text.splitlines() if "API key" in line]
    assert api_key_authenticate(plaintext=keys[0]) is None
    assert api_key_authenticate(plaintext=keys[1]) is not None
    assert APIKey.objects.filter(name="demo", revoked_at__isnull=True).count() == 1


def test_seeded_statements_went_through_the_transition_function():
    _run("seed_demo")
    statement = DueDiligenceStatement.objects.get(dds_id="DDS-CI-2025-000005-DEMO")
    assert [(c.from_status, c.to_status) for c in statement.history.all()] == [
        ("DRAFT", "SUBMITTED"),
        ("SUBMITTED", "UNDER_REVIEW"),
        ("UNDER_REVIEW", "NON_COMPLIANT"),
    ]


def test_no_demo_statement_is_green_without_evidence_attestation_and_a_verified_operator():
    _run("seed_demo")
    green = [s for s in DueDiligenceStatement.objects.all() if s.badge() == "verified"]
    assert [s.dds_id for s in green] == ["DDS-PL-2025-000001-DEMO"]
    for statement in DueDiligenceStatement.objects.filter(status="COMPLIANT"):
        assert statement.status_rule == "article_13_low_risk"
        assert statement.country_of_production == "PL"
        assert statement.attested_legality and statement.attested_declaration and statement.signatory_name
        assert statement.operator_identity_confirmed()
        assert statement.evidence()["plots"] == 1
    expired = DueDiligenceStatement.objects.get(dds_id="DDS-PL-2024-000007-DEMO")
    assert expired.effective_status() == "EXPIRED" and expired.badge() == "none"
    assert expired.operator_role == "authorised_representative"
