"""Demo data for the embedded mode: one operator account and one DDS per status."""

from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import APIKey
from accounts.services import api_key_create, user_get_or_create_with_plan
from compliance.models import DDSStatus, DueDiligenceStatement
from compliance.services import dds_create, dds_transition

DEMO_EMAIL = "demo@operator.example"
DEMO_KEY_NAME = "demo"

# (identifier, final status, operator, commodity, country, risk level)
DEMO_STATEMENTS = [
    ("DDS-PL-2025-000001-DEMO", DDSStatus.COMPLIANT, "Gospodarstwo Rolne Jan Kowalski", "soja", "PL", "low"),
    ("DDS-PL-2025-000002-DEMO", DDSStatus.SUBMITTED, "Agro-Łęczyca Sp. z o.o.", "drewno", "PL", ""),
    ("DDS-PL-2025-000003-DEMO", DDSStatus.UNDER_REVIEW, "Zakłady Mięsne Łódź S.A.", "bydło", "PL", "high"),
    ("DDS-BR-2025-000004-DEMO", DDSStatus.AT_RISK, "Café Import Gdańsk", "kawa", "BR", "critical"),
    ("DDS-CI-2025-000005-DEMO", DDSStatus.NON_COMPLIANT, "Kakao Polska Sp. j.", "kakao", "CI", "high"),
    ("DDS-PL-2025-000006-DEMO", DDSStatus.WITHDRAWN, "Tartak Bieszczady", "drewno", "PL", "medium"),
    ("DDS-PL-2024-000007-DEMO", DDSStatus.COMPLIANT, "Mleczarnia Podlasie", "bydło", "PL", "low"),
    ("DDS-PL-2025-000008-DEMO", DDSStatus.DRAFT, "Gospodarstwo Rolne Jan Kowalski", "soja", "PL", ""),
]
# Paths from DRAFT to each final status through the transition function.
PATHS = {
    DDSStatus.DRAFT: [],
    DDSStatus.SUBMITTED: [DDSStatus.SUBMITTED],
    DDSStatus.UNDER_REVIEW: [DDSStatus.SUBMITTED, DDSStatus.UNDER_REVIEW],
    DDSStatus.COMPLIANT: [DDSStatus.SUBMITTED, DDSStatus.COMPLIANT],
    DDSStatus.AT_RISK: [DDSStatus.SUBMITTED, DDSStatus.AT_RISK],
    DDSStatus.NON_COMPLIANT: [DDSStatus.SUBMITTED, DDSStatus.UNDER_REVIEW, DDSStatus.NON_COMPLIANT],
    DDSStatus.WITHDRAWN: [DDSStatus.SUBMITTED, DDSStatus.WITHDRAWN],
}
EXPIRED_ID = "DDS-PL-2024-000007-DEMO"


class Command(BaseCommand):
    help = "Create the demo operator, its statements (one per status) and a fresh demo API key."

    @transaction.atomic
    def handle(self, *args, **options) -> None:
        user, _ = user_get_or_create_with_plan(email=DEMO_EMAIL, plan_code="enterprise")
        for dds_id, status, operator, commodity, country, risk in DEMO_STATEMENTS:
            if DueDiligenceStatement.objects.filter(dds_id=dds_id).exists():
                continue
            statement = dds_create(
                owner=user,
                operator_name=operator,
                commodity=commodity,
                country_of_production=country,
                dds_id=dds_id,
            )
            statement.risk_level = risk
            statement.save(update_fields=["risk_level"])
            for step in PATHS[status]:
                dds_transition(statement=statement, to_status=step, reason="demo data")
        # One statement whose validity has run out, to show EXPIRED.
        DueDiligenceStatement.objects.filter(dds_id=EXPIRED_ID).update(
            valid_until=timezone.now() - timedelta(days=30)
        )
        # Keys are stored hashed, so the demo key cannot be shown again:
        # revoke the previous one and print a new one.
        for old in APIKey.objects.filter(user=user, name=DEMO_KEY_NAME, revoked_at__isnull=True):
            old.revoke()
        _, plaintext = api_key_create(user=user, name=DEMO_KEY_NAME)
        self.stdout.write(f"Demo account:   {DEMO_EMAIL} (plan enterprise)")
        self.stdout.write(f"Demo API key:   {plaintext}")
        self.stdout.write(f"Demo DDS id:    {DEMO_STATEMENTS[0][0]} (COMPLIANT)")
