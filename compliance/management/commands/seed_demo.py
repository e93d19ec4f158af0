"""Demo data for the embedded mode: one operator account and one DDS per status.

The green demo statements go through the real screening: a plot in Poland, a
low-risk country (Article 13), filed for a staff-verified organisation of the
demo account (its own, or one it represents under a verified mandate), with
the signatory's attestation. The others are walked to their status with the
rule code such a status would carry; none of them is green.
"""

import secrets
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import APIKey, Mandate, Organisation, User
from accounts.services import (
    api_key_create,
    eu_credential_set,
    organisation_match,
    user_get_or_create_with_plan,
)
from compliance.declarations import DECLARATION_VERSION
from compliance.models import (
    DDSCommodity,
    DDSPlot,
    DDSStatus,
    DDSStatusChange,
    DueDiligenceStatement,
    PlotKind,
)
from compliance.screening import Rule
from compliance.services import dds_create, dds_screen, dds_transition
from eudr_service.lib.mail import mail_destination
from risk.engine import forest_data_hint

DEMO_EMAIL = "demo@operator.example"
DEMO_STAFF_EMAIL = "staff@operator.example"
DEMO_KEY_NAME = "demo"

# Synthetic NIPs with valid checksums (no real company's number).
OWN_ORGANISATION = {
    "name": "Gospodarstwo Rolne Jan Kowalski",
    "nip": "9990000008",
    "country": "PL",
    "address": "Łąka 12, 99-100 Łęczyca",
}
REPRESENTED_ORGANISATION = {
    "name": "Mleczarnia Podlasie",
    "nip": "9990000014",
    "country": "PL",
    "address": "ul. Mleczna 3, 15-001 Białystok",
}

# (identifier, final status, operator, NIP, commodity, country, risk level, rule)
DEMO_STATEMENTS = [
    (
        "DDS-PL-2025-000001-DEMO",
        DDSStatus.COMPLIANT,
        OWN_ORGANISATION["name"],
        "9990000008",
        "soja",
        "PL",
        "",
        "",
    ),
    (
        "DDS-PL-2025-000002-DEMO",
        DDSStatus.SUBMITTED,
        "Agro-Łęczyca Sp. z o.o.",
        "",
        "drewno",
        "PL",
        "",
        Rule.FILED,
    ),
    (
        "DDS-PL-2025-000003-DEMO",
        DDSStatus.UNDER_REVIEW,
        "Zakłady Mięsne Łódź S.A.",
        "",
        "bydło",
        "PL",
        "high",
        Rule.HIGH_RISK,
    ),
    (
        "DDS-BR-2025-000004-DEMO",
        DDSStatus.AT_RISK,
        "Café Import Gdańsk",
        "",
        "kawa",
        "BR",
        "critical",
        Rule.CRITICAL_RISK,
    ),
    (
        "DDS-CI-2025-000005-DEMO",
        DDSStatus.NON_COMPLIANT,
        "Kakao Polska Sp. j.",
        "",
        "kakao",
        "CI",
        "high",
        Rule.STAFF_DECISION,
    ),
    ("DDS-PL-2025-000006-DEMO", DDSStatus.WITHDRAWN, "Tartak Bieszczady", "", "drewno", "PL", "medium", ""),
    (
        "DDS-PL-2024-000007-DEMO",
        DDSStatus.COMPLIANT,
        REPRESENTED_ORGANISATION["name"],
        "9990000014",
        "bydło",
        "PL",
        "",
        "",
    ),
    (
        "DDS-PL-2025-000008-DEMO",
        DDSStatus.DRAFT,
        OWN_ORGANISATION["name"],
        "9990000008",
        "soja",
        "PL",
        "",
        "",
    ),
]
# Paths from DRAFT to each final status through the transition function.
PATHS = {
    DDSStatus.DRAFT: [],
    DDSStatus.SUBMITTED: [DDSStatus.SUBMITTED],
    DDSStatus.UNDER_REVIEW: [DDSStatus.SUBMITTED, DDSStatus.UNDER_REVIEW],
    DDSStatus.AT_RISK: [DDSStatus.SUBMITTED, DDSStatus.AT_RISK],
    DDSStatus.NON_COMPLIANT: [DDSStatus.SUBMITTED, DDSStatus.UNDER_REVIEW, DDSStatus.NON_COMPLIANT],
    DDSStatus.WITHDRAWN: [DDSStatus.SUBMITTED, DDSStatus.WITHDRAWN],
}
# Annex I heading per demo commodity (soya beans 1201, live bovine animals 0102, ...).
HS_HEADINGS = {"soja": "1201", "bydło": "0102", "drewno": "4403", "kawa": "0901", "kakao": "1801"}
DEMO_PLOT = {"lat": 52.0586, "lng": 19.2006, "area_ha": "2.5"}  # farmland near Łęczyca, Poland
EXPIRED_ID = "DDS-PL-2024-000007-DEMO"
# An EORI of the demo's importers (PL + a made-up NIP of the demo range 999...).
DEMO_IMPORTER_EORI = "PL9990000022"
# Coffee plots in the south of Minas Gerais, Brazil, for the maps of the AT_RISK demo statement.
DEMO_FOREIGN_PLOTS = {
    "BR": [
        {
            "type": "Polygon",
            "coordinates": [
                [[-45.43, -21.55], [-45.418, -21.55], [-45.418, -21.541], [-45.43, -21.541], [-45.43, -21.55]]
            ],
        },
        {
            "type": "Polygon",
            "coordinates": [
                [
                    [-45.405, -21.538],
                    [-45.396, -21.536],
                    [-45.398, -21.528],
                    [-45.406, -21.53],
                    [-45.405, -21.538],
                ]
            ],
        },
    ],
    # Cocoa near Soubré, Côte d'Ivoire (the NON_COMPLIANT demo statement).
    "CI": [
        {
            "type": "Polygon",
            "coordinates": [[[-6.61, 5.79], [-6.598, 5.79], [-6.598, 5.8], [-6.61, 5.8], [-6.61, 5.79]]],
        }
    ],
}
# Every demo statement has geolocation, like any filing (a commodity without plots is never
# filed, screened or sent). Polish ones not walked through screening get a point of their own.
DEMO_PL_PLOTS = {
    "DDS-PL-2025-000002-DEMO": {"lat": 51.9856, "lng": 19.3601, "area_ha": "3.2"},  # pine wood near Łódź
    "DDS-PL-2025-000003-DEMO": {"lat": 51.7123, "lng": 19.6011, "area_ha": "1.8"},  # pasture, Łódź East
    "DDS-PL-2025-000006-DEMO": {"lat": 49.4102, "lng": 22.4321, "area_ha": "3.9"},  # forest, Bieszczady
    "DDS-PL-2025-000008-DEMO": DEMO_PLOT,
}


def _staff() -> User:
    staff = User.objects.filter(email=DEMO_STAFF_EMAIL).first()
    if staff is None:
        staff = User.objects.create_user(
            email=DEMO_STAFF_EMAIL, is_staff=True, first_name="Anna", last_name="Nowak"
        )
        staff.set_unusable_password()
        staff.save(update_fields=["password"])
    return staff


def _organisations(user: User) -> None:
    staff, now = _staff(), timezone.now()
    verified = {"verified_at": now, "verified_by": staff, "verification_note": "demo data"}
    Organisation.objects.get_or_create(
        nip=OWN_ORGANISATION["nip"], account=user, defaults={**OWN_ORGANISATION, **verified}
    )
    represented, _ = Organisation.objects.get_or_create(
        nip=REPRESENTED_ORGANISATION["nip"], account=None, defaults={**REPRESENTED_ORGANISATION, **verified}
    )
    Mandate.objects.get_or_create(
        account=user,
        organisation=represented,
        defaults={
            "document_reference": "pełnomocnictwo demo 1/2025",
            **{k: v for k, v in verified.items() if k != "verification_note"},
        },
    )


def _create(user: User, row: tuple) -> DueDiligenceStatement:
    dds_id, status, operator, nip, commodity, country, risk, rule = row
    match = organisation_match(account=user, nip=nip)
    statement = dds_create(
        owner=user,
        operator_name=operator,
        commodity=commodity,
        country_of_production=country,
        dds_id=dds_id,
        # A Polish operator's goods produced abroad are imported, with its EORI (OPS 10.3).
        activity="domestic" if country == "PL" else "import",
        operator_eori="" if country == "PL" else DEMO_IMPORTER_EORI,
        operator_nip=nip,
        operator_country="PL",
        operator_address=match.organisation.address if match.organisation else "Polska",
        organisation=match.organisation,
        operator_role=match.role,
        attested_legality=True,
        attested_declaration=True,
        signatory_name="Jan Kowalski",
        signatory_function="właściciel / owner",
        attested_at=timezone.now(),
        declaration_version=DECLARATION_VERSION,
    )
    line = DDSCommodity.objects.create(
        statement=statement,
        position=0,
        code={"soja": "soya", "bydło": "cattle", "drewno": "wood", "kawa": "coffee", "kakao": "cocoa"}[
            commodity
        ],
        description=f"{commodity} (demo)",
        hs_heading=HS_HEADINGS[commodity],
        net_mass_kg="25000",
        # Outside customs a net mass comes with its estimate or deviation (euis.quantities).
        percentage_estimation_or_deviation="5",
        country_of_production=country,
        # Wood needs its species at the EU (OPS 10.3), as the filing body asks.
        species=[{"scientific_name": "Pinus sylvestris", "common_name": "sosna zwyczajna"}]
        if commodity == "drewno"
        else [],
    )
    if status == DDSStatus.COMPLIANT:
        DDSPlot.objects.create(
            commodity=line,
            producer=line.operator_producer(),
            position=0,
            kind=PlotKind.POINT,
            geometry={"type": "Point", "coordinates": [DEMO_PLOT["lng"], DEMO_PLOT["lat"]]},
            area_ha=DEMO_PLOT["area_ha"],
        )
        dds_transition(
            statement=statement, to_status=DDSStatus.SUBMITTED, by=user, reason="demo data", rule=Rule.FILED
        )
        screened = dds_screen(statement_id=statement.pk)
        if screened is None or screened.status != DDSStatus.COMPLIANT:
            raise RuntimeError(f"demo statement {dds_id} did not screen COMPLIANT: check the benchmark data")
        return screened
    if dds_id in DEMO_PL_PLOTS:
        point = DEMO_PL_PLOTS[dds_id]
        DDSPlot.objects.create(
            commodity=line,
            producer=line.operator_producer(),
            position=0,
            kind=PlotKind.POINT,
            geometry={"type": "Point", "coordinates": [point["lng"], point["lat"]]},
            area_ha=point["area_ha"],
            risk_level=risk,
        )
    for position, geometry in enumerate(DEMO_FOREIGN_PLOTS.get(country, [])):
        # Shown on the maps as the level the statement carries; these plots are never screened.
        DDSPlot.objects.create(
            commodity=line,
            producer=line.operator_producer(),
            position=position,
            kind=PlotKind.GEOMETRY,
            geometry=geometry,
            risk_level=risk,
        )
    statement.risk_level = risk
    statement.save(update_fields=["risk_level"])
    for step in PATHS[status]:
        # Who would have made each move: the operator files and withdraws, staff decide.
        by = {DDSStatus.SUBMITTED: user, DDSStatus.WITHDRAWN: user}.get(step)
        step_rule = rule if step == status else Rule.FILED
        if step_rule == Rule.STAFF_DECISION:
            by = _staff()
        dds_transition(statement=statement, to_status=step, by=by, reason="demo data", rule=step_rule)
    return statement


def _expired(dds_id: str) -> None:
    """One statement whose validity ran out, to show EXPIRED: filed, screened and decided
    30 days more than its validity ago, every date of its record moved together."""
    decided = timezone.now() - timedelta(days=settings.DDS_VALIDITY_DAYS + 30)
    DueDiligenceStatement.objects.filter(dds_id=dds_id).update(
        created_at=decided,
        attested_at=decided,
        screened_at=decided,
        verified_at=decided,
        status_decided_at=decided,
        valid_until=decided + timedelta(days=settings.DDS_VALIDITY_DAYS),
    )
    DDSStatusChange.objects.filter(statement__dds_id=dds_id).update(changed_at=decided)


class Command(BaseCommand):
    help = "Create the demo operator, its organisations, one statement per status and a fresh demo API key."

    @transaction.atomic
    def handle(self, *args, **options) -> None:
        user, _ = user_get_or_create_with_plan(email=DEMO_EMAIL, plan_code="enterprise")
        _organisations(user)
        for row in DEMO_STATEMENTS:
            if not DueDiligenceStatement.objects.filter(dds_id=row[0]).exists():
                _create(user, row)
        _expired(EXPIRED_ID)
        # Keys are stored hashed, so the demo key cannot be shown again:
        # revoke the previous one and print a new one.
        for old in APIKey.objects.filter(user=user, name=DEMO_KEY_NAME, revoked_at__isnull=True):
            old.revoke()
        _, plaintext = api_key_create(user=user, name=DEMO_KEY_NAME)
        if urlsplit(settings.EU_IS_URL).hostname in ("127.0.0.1", "::1", "localhost"):
            # The local fake (make run) knows this user; the real EU needs the account's own.
            eu_credential_set(
                account=user,
                username="demo-operator",
                authentication_key="demo-authentication-key",
                client_id="eudr-test",
                environment="acceptance",
            )
            self.stdout.write(f"EU Information System: the local fake at {settings.EU_IS_URL}")

        # Like the key, a fresh password on every run, so the panel can be tried at once.
        password = secrets.token_urlsafe(12)
        user.set_password(password)
        user.save(update_fields=["password"])
        self.stdout.write(f"Demo account:   {DEMO_EMAIL} (plan enterprise)")
        self.stdout.write(f"Demo password:  {password}  (panel sign-in at {settings.PUBLIC_BASE_URL}/)")
        self.stdout.write(f"Demo API key:   {plaintext}")
        self.stdout.write(f"Demo DDS id:    {DEMO_STATEMENTS[0][0]} (COMPLIANT)")
        self.stdout.write(f"E-mails:        {mail_destination()}")
        for line in forest_data_hint():
            self.stdout.write(line)
