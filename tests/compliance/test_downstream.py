"""Downstream operators and traders (Article 5 as amended by Regulation (EU) 2025/2650): roles
and their obligations, supplier and customer records kept five years, substantiated concerns."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from compliance.downstream import trading_partner_records_purge
from compliance.models import TradingPartnerRecord, retention_end
from compliance.tasks import trading_partner_records_purge_task
from regulation.roles import ROLE_DUTIES, OrganisationRole

pytestmark = pytest.mark.django_db

ROLES = "/api/eudr/v1/organisation/roles"
PARTNERS = "/api/eudr/v1/trading-partners"
CONCERNS = "/api/eudr/v1/substantiated-concerns"

SUPPLIER = {
    "kind": "supplier",
    "consignment_reference": "WZ/2026/117",
    "consignment_date": "2026-03-02",
    "name": "Jan Kowalski Skup Drewna",
    "postal_address": "ul. Leśna 4, 26-600 Radom",
    "email": "jan.kowalski@example.pl",
}


def _record(client, **changes):
    response = client.post(PARTNERS, {**SUPPLIER, **changes}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_roles_are_set_and_read_with_each_obligation_article_and_date(keyed_client):
    client = keyed_client("standard")
    assert client.get(ROLES).json()["roles"] == []
    response = client.put(
        ROLES,
        {"roles": ["later_downstream_operator_or_trader", "operator"], "is_sme": False},
        format="json",
    )
    assert response.status_code == 200, response.content
    body = client.get(ROLES).json()
    assert body["roles"] == ["operator", "later_downstream_operator_or_trader"]
    assert body["is_sme"] is False
    later = next(o for o in body["obligations"] if o["role"] == "later_downstream_operator_or_trader")
    articles = {duty["code"]: duty["article"] for duty in later["duties"]}
    assert articles == {
        "keep_partner_records": "Article 5(3)",
        "retain_five_years": "Article 5(4)",
        "register_in_information_system": "Article 5(2)",
        "act_on_substantiated_concerns": "Article 5(6)",
        "inform_competent_authorities": (
            "Article 5 as amended by Regulation (EU) 2025/2650 (paragraph not confirmed)"
        ),
    }
    # The date each applies from comes from the Article 38 rows of the act in force.
    assert {duty["applies_from"] for duty in later["duties"]} == {"2026-12-30"}
    assert all("2025/2650" in duty["applies_from_provision"] for duty in later["duties"])
    assert all(duty["source"] for duty in later["duties"])


def test_unknown_role_is_400(keyed_client):
    response = keyed_client("standard").put(ROLES, {"roles": ["importer"]}, format="json")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")


def test_sme_is_exempt_from_registration_and_concerns_duties(keyed_client):
    client = keyed_client("standard")
    body = client.put(
        ROLES, {"roles": ["first_downstream_operator_or_trader"], "is_sme": True}, format="json"
    ).json()
    applies = {d["code"]: d["applies_to_organisation"] for d in body["obligations"][0]["duties"]}
    assert applies["register_in_information_system"] is False
    assert applies["act_on_substantiated_concerns"] is False
    assert applies["keep_partner_records"] is True
    # Informing the authorities of substantiated information is for SMEs too.
    assert applies["inform_competent_authorities"] is True


def test_later_downstream_trader_is_not_asked_for_reference_numbers(keyed_client):
    client = keyed_client("standard")
    body = client.put(ROLES, {"roles": ["later_downstream_operator_or_trader"]}, format="json").json()
    assert body["asks_for_reference_numbers"] is False
    (later,) = body["obligations"]
    assert not any("reference number" in duty["text"] for duty in later["duties"])
    # Its supplier record is complete without any reference or verification number.
    record = _record(client)
    assert not any("reference_number" in key or "verification" in key for key in record)


def test_first_downstream_is_asked_for_reference_numbers(keyed_client):
    client = keyed_client("standard")
    body = client.put(ROLES, {"roles": ["first_downstream_operator_or_trader"]}, format="json").json()
    assert body["asks_for_reference_numbers"] is True
    codes = [duty["code"] for duty in body["obligations"][0]["duties"]]
    assert codes[0] == "keep_reference_numbers"


def test_every_role_has_duties_with_an_article_and_a_source():
    for role in OrganisationRole:
        assert ROLE_DUTIES[role]
        assert all(duty.article and duty.source for duty in ROLE_DUTIES[role])


def test_partner_records_are_kept_listed_and_encrypted_at_rest(keyed_client):
    client = keyed_client("standard")
    created = _record(client)
    assert created["retained_until"] == "2031-03-02"
    _record(client, kind="customer", name="Tartak Sp. z o.o.", email="biuro@tartak.example")
    listed = client.get(PARTNERS).json()["results"]
    assert {r["name"] for r in listed} == {"Jan Kowalski Skup Drewna", "Tartak Sp. z o.o."}
    assert [r["kind"] for r in client.get(PARTNERS, {"kind": "customer"}).json()["results"]] == ["customer"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT name, postal_address, email FROM compliance_tradingpartnerrecord")
        stored = cursor.fetchall()
    assert stored and all("Kowalski" not in value and "@" not in value for row in stored for value in row)


def test_partner_record_fields_are_validated(keyed_client):
    client = keyed_client("standard")
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()
    response = client.post(
        PARTNERS, {**SUPPLIER, "email": "not an address", "consignment_date": tomorrow}, format="json"
    )
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"email", "consignment_date"}
    assert client.post(PARTNERS, {"kind": "supplier"}, format="json").status_code == 400


def test_export_csv_and_json_for_an_authority(keyed_client):
    client = keyed_client("standard")
    _record(client)
    _record(client, kind="customer", name="=HYPERLINK(1)", consignment_date="2026-04-01")
    response = client.get(f"{PARTNERS}/export.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    # Polish by default (the reader's form: `;` and a byte order mark); English when asked.
    assert response.content.startswith("\ufeffid;kind;".encode())
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert [r["name"] for r in rows] == ["Jan Kowalski Skup Drewna", "'=HYPERLINK(1)"]
    english = client.get(f"{PARTNERS}/export.csv", {"lang": "en"}).content.decode("utf-8-sig")
    assert list(csv.DictReader(io.StringIO(english))) == rows
    assert rows[0]["postal_address"] == "ul. Leśna 4, 26-600 Radom"
    assert rows[0]["email"] == "jan.kowalski@example.pl"
    document = json.loads(client.get(f"{PARTNERS}/export.json").content)
    assert [r["consignment_reference"] for r in document["records"]] == ["WZ/2026/117", "WZ/2026/117"]
    assert "Article 5(3)" in document["legal_basis"]
    only_april = json.loads(client.get(f"{PARTNERS}/export.json", {"from": "2026-04-01"}).content)
    assert [r["kind"] for r in only_april["records"]] == ["customer"]


def test_another_account_gets_404_and_sees_nothing(keyed_client):
    owner, other = keyed_client("standard"), keyed_client("standard")
    record = _record(owner)
    assert other.get(f"{PARTNERS}/{record['id']}").status_code == 404
    assert other.delete(f"{PARTNERS}/{record['id']}").status_code == 404
    assert other.get(PARTNERS).json()["results"] == []
    assert (
        list(csv.DictReader(io.StringIO(other.get(f"{PARTNERS}/export.csv").content.decode("utf-8-sig"))))
        == []
    )
    assert json.loads(other.get(f"{PARTNERS}/export.json").content)["records"] == []
    assert owner.get(f"{PARTNERS}/{record['id']}").status_code == 200
    assert owner.get(f"{PARTNERS}/not-a-uuid").status_code == 404


def test_delete_before_retention_ends_is_refused(keyed_client):
    client = keyed_client("standard")
    record = _record(client)
    response = client.delete(f"{PARTNERS}/{record['id']}")
    assert response.status_code == 409
    assert response["Content-Type"].startswith("application/problem+json")
    assert response.json()["code"] == "retention_period_running"
    assert response.json()["retained_until"] == "2031-03-02"
    assert TradingPartnerRecord.objects.filter(public_id=record["id"]).exists()


def test_delete_after_retention_ends_is_allowed(keyed_client):
    client = keyed_client("standard")
    record = _record(client, consignment_date="2020-01-15")
    TradingPartnerRecord.objects.filter(public_id=record["id"]).update(retained_until=date(2021, 1, 1))
    assert client.delete(f"{PARTNERS}/{record['id']}").status_code == 204
    assert not TradingPartnerRecord.objects.filter(public_id=record["id"]).exists()


def test_retention_is_five_years_and_never_a_day_short():
    assert retention_end(date(2026, 3, 2), 5) == date(2031, 3, 2)
    assert retention_end(date(2028, 2, 29), 5) == date(2033, 3, 1)


def test_deletion_job_deletes_only_rows_past_retention(keyed_client):
    client = keyed_client("standard")
    old = _record(client, consignment_date="2020-05-01", consignment_reference="OLD")
    last_day = _record(client, consignment_date="2021-05-01", consignment_reference="LAST-DAY")
    recent = _record(client, consignment_reference="RECENT")
    # On 2026-05-01 the 2021 consignment is on its last day of retention; the 2020 one is past it.
    assert trading_partner_records_purge(today=date(2026, 5, 1)) == 1
    kept = set(TradingPartnerRecord.objects.values_list("consignment_reference", flat=True))
    assert kept == {"LAST-DAY", "RECENT"}
    assert old and last_day and recent
    assert trading_partner_records_purge(today=date(2026, 5, 2)) == 1
    assert set(TradingPartnerRecord.objects.values_list("consignment_reference", flat=True)) == {"RECENT"}


def test_deletion_command_and_beat_task_run_the_job(keyed_client, settings):
    client = keyed_client("standard")
    _record(client, consignment_date="2019-01-10", consignment_reference="PAST")
    _record(client, consignment_reference="KEPT")
    out = io.StringIO()
    call_command("trading_partners_purge", stdout=out)
    assert "deleted: 1" in out.getvalue()
    assert trading_partner_records_purge_task.apply().get() == 0
    assert list(TradingPartnerRecord.objects.values_list("consignment_reference", flat=True)) == ["KEPT"]
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "compliance.trading_partner_records_purge" in tasks


def test_test_key_records_are_apart_from_live_ones(make_key, api_client):
    key, live = make_key("standard")
    _, test = make_key("standard", user=key.user, livemode=False)
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {live}")
    record = _record(api_client)
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {test}")
    assert api_client.get(PARTNERS).json()["results"] == []
    assert api_client.get(f"{PARTNERS}/{record['id']}").status_code == 404


def test_free_plan_is_refused(keyed_client):
    response = keyed_client("free").get(PARTNERS)
    assert response.status_code == 403 and response.json()["code"] == "plan_required"


def test_substantiated_concerns_are_recorded_listed_and_private(keyed_client):
    client, other = keyed_client("standard"), keyed_client("standard")
    body = {
        "received_on": "2026-06-10",
        "product": "Tarcica dębowa, partia WZ/2026/117",
        "raised_by": "Fundacja Las",
        "concern": "Satellite images show clearing on the supplier's plot after 2020.",
        "action_taken": "Consignment held back; supplier asked for the plot's geolocation.",
        "placing_withheld": True,
    }
    response = client.post(CONCERNS, body, format="json")
    assert response.status_code == 201, response.content
    listed = client.get(CONCERNS).json()["results"]
    assert [c["action_taken"] for c in listed] == [body["action_taken"]]
    assert listed[0]["placing_withheld"] is True and listed[0]["authority_informed"] is False
    assert other.get(CONCERNS).json()["results"] == []
    assert client.post(CONCERNS, {"product": "x"}, format="json").status_code == 400
    with connection.cursor() as cursor:
        cursor.execute("SELECT concern, action_taken, raised_by FROM compliance_substantiatedconcern")
        stored = cursor.fetchone()
    assert "Satellite" not in stored[0] and "held back" not in stored[1] and "Fundacja" not in stored[2]
