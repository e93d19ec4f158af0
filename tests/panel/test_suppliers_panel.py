"""The panel's suppliers page: the roster in words, its upload (problems line by line in the
page's language, nothing half-imported), mandates asked by e-mail, bulk filing from the form
with its progress, cancel and retry, the map of the filed parcels, and the plan gate."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from suppliers.models import (
    BulkFiling,
    BulkFilingRow,
    BulkFilingStatus,
    MandateStatus,
    RowState,
    Supplier,
    SupplierMandate,
)
from suppliers.services import roster_import
from tests.eu_filing.test_simplified_declaration import SECOND_PARCEL, eu  # noqa: F401  (fixture)
from tests.euis.conftest import fake_eu  # noqa: F401  (fixture)
from tests.panel.test_translations import untranslated_on_polish_page, visible_text
from tests.risk.fakes import PARCEL_ID

# Tasks run here in the services suite too: these tests are about what the tasks do.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
PAGE = "/panel/suppliers/"
HEADER = (
    "producer_number,name,size,nip,street,postal_code,city,email,commodity,quantity,unit,"
    "parcels,land_postal_code,land_city"
)
ROSTER = [
    f"D-1,Jan Kowalski,natural_person,,Wola 12,05-300,Mińsk,jan@example.pl,soja,18000,kg,{PARCEL_ID},,",
    f"D-2,Anna Nowak,natural_person,,Wola 14,05-300,Mińsk,anna@example.pl,soja,9000,kg,{SECOND_PARCEL},,",
    "D-3,Hodowla Bydła Sp. z o.o.,micro,526-025-02-74,Polna 1,26-600,Radom,,bydło,40,szt,,26-601,Jedlińsk",
]
BAD_ROSTER = [
    "D-1,Jan Kowalski,natural_person,,Wola 12,05-300,Mińsk,,soja,18000,kg,141201_1.0001.6509,,",
    "D-2,Anna Nowak,huge,,Wola 14,5300,Mińsk,,soja,9000,kg,141201_1.0001.6510,,",
]


def roster(lines: list[str]) -> bytes:
    return ("\n".join([HEADER, *lines]) + "\n").encode()


def upload(client, lines: list[str], name: str = "dostawcy.csv", lang: str = "pl"):
    return client.post(
        f"{PAGE}?lang={lang}", {"action": "upload", "file": SimpleUploadedFile(name, roster(lines))}
    )


def imported(user, lines: list[str] = ROSTER) -> None:
    roster_import(owner=user, livemode=True, filename="r.csv", data=roster(lines))


def mandate(number: str, status: str = MandateStatus.ACTIVE) -> SupplierMandate:
    return SupplierMandate.objects.create(
        supplier=Supplier.objects.get(producer_number=number),
        kind="email_confirmation",
        status=status,
        confirmed_at=timezone.now() if status == MandateStatus.ACTIVE else None,
    )


FILING = {
    "action": "file",
    "activity": "domestic",
    "signatory_name": "Ewa Zielińska",
    "signatory_function": "Kierownik skupu",
    "estimate_percentage": "10",
    "attest": "on",
}


def test_empty_page_in_polish_and_english(signed_in):
    client = signed_in("standard")
    page = client.get(PAGE).content.decode()
    assert '<html lang="pl">' in page
    text = visible_text(page)
    assert "Dostawcy" in text and "Nie masz jeszcze dostawców" in text
    assert "Poproś o pełnomocnictwa e-mailem" in text
    assert untranslated_on_polish_page(page) == []
    assert 'href="/api/eudr/v1/suppliers/template.csv?lang=pl"' in page
    assert 'href="/api/eudr/v1/suppliers/template.csv?lang=en"' in page
    english = visible_text(client.get(f"{PAGE}?lang=en").content.decode())
    assert "No suppliers yet" in english and "Ask for mandates by e-mail" in english
    assert "Dostawcy" not in english


def test_the_template_links_answer_to_the_session(signed_in):
    client = signed_in("standard")
    response = client.get("/api/eudr/v1/suppliers/template.csv?lang=pl")
    assert response.status_code == 200
    assert "numer dostawcy" in response.content.decode("utf-8-sig")


def test_roster_is_shown_in_words_not_codes(signed_in):
    client = signed_in("standard")
    imported(client.user)
    mandate("D-1")
    mandate("D-2", MandateStatus.PENDING_REVIEW)
    page = client.get(PAGE).content.decode()
    assert untranslated_on_polish_page(page) == []
    text = visible_text(page)
    for word in ("Jan Kowalski", "soja", "bydło", "osoba fizyczna", "mikroprzedsiębiorstwo"):
        assert word in text, word
    assert "czeka na sprawdzenie przez nasz zespół" in text and "brak pełnomocnictwa" in text
    for code in ("pending_review", "natural_person", "micro", "cattle", "soya", "no_mandate"):
        assert code not in text, code
    english = visible_text(client.get(f"{PAGE}?lang=en").content.decode())
    assert "natural person" in english and "awaiting our staff's review" in english
    assert "cattle" in english and "bydło" not in english.replace("Hodowla Bydła", "")


def test_filters_by_commodity_and_mandate_state(signed_in):
    client = signed_in("standard")
    imported(client.user)
    mandate("D-1")
    text = visible_text(client.get(f"{PAGE}?commodity=cattle").content.decode())
    assert "D-3" in text and "D-1" not in text
    text = visible_text(client.get(f"{PAGE}?mandate=active").content.decode())
    assert "D-1" in text and "D-2" not in text and "D-3" not in text
    text = visible_text(client.get(f"{PAGE}?mandate=none&commodity=soya").content.decode())
    assert "D-2" in text and "D-1" not in text and "D-3" not in text


def test_pagination_keeps_the_filters(signed_in, monkeypatch):
    monkeypatch.setattr("panel.suppliers.PAGE_SIZE", 1)
    client = signed_in("standard")
    imported(client.user)
    page = client.get(f"{PAGE}?commodity=soya").content.decode()
    assert 'href="?commodity=soya&amp;page=2"' in page
    assert "D-2" in visible_text(client.get(f"{PAGE}?commodity=soya&page=2").content.decode())


def test_upload_imports_the_roster(signed_in):
    client = signed_in("standard")
    response = upload(client, ROSTER)
    assert response.status_code == 302
    assert Supplier.objects.filter(owner=client.user, livemode=True).count() == 3
    text = visible_text(client.get(PAGE).content.decode())
    assert "dostawców: 3, nowych: 3, zaktualizowanych: 0" in text
    assert "Hodowla Bydła Sp. z o.o." in text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "pl",
            [
                "Wiersz 3, kolumna wielkość:",
                "Wiersz 3, kolumna kod pocztowy: Polski kod pocztowy ma postać NN-NNN.",
            ],
        ),
        (
            "en",
            ["Line 3, column size:", "Line 3, column postal_code: A Polish postal code reads NN-NNN."],
        ),
    ],
)
def test_a_refused_upload_lists_every_problem_by_line_and_column(signed_in, lang, expected):
    client = signed_in("standard")
    response = upload(client, BAD_ROSTER, lang=lang)
    assert response.status_code == 400
    text = visible_text(response.content.decode())
    for problem in expected:
        assert problem in text, (problem, text)
    assert not Supplier.objects.exists()
    if lang == "pl":
        assert untranslated_on_polish_page(response.content.decode()) == []


def test_a_file_of_another_type_is_refused_in_words(signed_in):
    client = signed_in("standard")
    response = upload(client, ROSTER, name="dostawcy.pdf")
    assert response.status_code == 400
    assert "Plik: Prześlij plik .csv albo .xlsx." in visible_text(response.content.decode())


def test_mandate_requests_send_e_mails(signed_in, django_capture_on_commit_callbacks):
    client = signed_in("standard")
    imported(client.user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(PAGE, {"action": "mandates"})
    assert response.status_code == 302
    assert sorted(m.to[0] for m in mail.outbox) == ["anna@example.pl", "jan@example.pl"]
    text = visible_text(client.get(PAGE).content.decode())
    assert "Wysłane e-mailem prośby o pełnomocnictwo: 2." in text and "oczekiwanym): 1." in text
    assert SupplierMandate.objects.filter(status=MandateStatus.REQUESTED).count() == 2


def test_filing_without_mandates_completes_at_once(signed_in, django_capture_on_commit_callbacks):
    client = signed_in("standard")
    imported(client.user)
    page = visible_text(client.get(PAGE).content.decode())
    assert "Żaden dostawca nie ma jeszcze pełnomocnictwa w mocy" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(PAGE, FILING)
    assert response.status_code == 302
    filing = BulkFiling.objects.get(owner=client.user)
    assert (filing.total, filing.status, filing.livemode) == (0, BulkFilingStatus.DONE, True)
    assert filing.skipped == {"no_mandate": 3}
    text = visible_text(client.get(PAGE).content.decode())
    assert filing.public_id in text and "brak pełnomocnictwa: 3" in text


def test_the_goods_of_each_commodity_with_a_mandate_are_asked_and_checked(signed_in):
    client = signed_in("standard")
    imported(client.user)
    mandate("D-1")
    mandate("D-3")
    page = client.get(PAGE).content.decode()
    assert 'value="Soja ziarno"' in page and 'value="1201"' in page
    assert 'value="Bydło żywe"' in page and 'value="0102"' in page
    wrong = FILING | {
        "goods_soya_description": "Soja",
        "goods_soya_hs_heading": "4403",
        "goods_cattle_description": "Bydło",
        "goods_cattle_hs_heading": "0102",
    }
    response = client.post(PAGE, wrong)
    assert response.status_code == 400
    text = visible_text(response.content.decode())
    assert "Kodu HS 4403 nie ma w załączniku I dla towaru: soja" in text
    assert not BulkFiling.objects.exists()
    missing = client.post(PAGE, FILING | {"attest": ""})
    assert missing.status_code == 400 and not BulkFiling.objects.exists()


def test_filing_from_the_form_files_the_suppliers_with_a_mandate_and_maps_their_parcels(
    signed_in,
    eu,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    client = signed_in("standard")
    imported(client.user)
    mandate("D-1")
    mandate("D-2")
    body = FILING | {"goods_soya_description": "Soja ziarno", "goods_soya_hs_heading": "1201"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(PAGE, body)
    assert response.status_code == 302
    filing = BulkFiling.objects.get(owner=client.user)
    assert (filing.total, filing.status) == (2, BulkFilingStatus.DONE)
    rows = BulkFilingRow.objects.filter(filing=filing)
    assert {row.state for row in rows} == {RowState.FILED}
    page = client.get(PAGE).content.decode()
    assert untranslated_on_polish_page(page) == []
    text = visible_text(page)
    for row in rows:
        assert f"/panel/statements/{row.statement.dds_id}/" in page
    assert "złożone: 2" in text and "zakończone" in text
    assert f"/api/eudr/v1/supplier-filings/{filing.public_id}/results.csv" in page
    assert 'data-testid="suppliers-map"' in page and "<svg" in page
    assert client.get(f"/api/eudr/v1/supplier-filings/{filing.public_id}/results.json").status_code == 200
    # Retry has nothing to queue; a finished filing offers no cancel.
    assert "Anuluj" not in text


def test_cancel_and_retry(signed_in):
    client = signed_in("standard")
    imported(client.user)
    for number in ("D-1", "D-2"):
        mandate(number)
    from suppliers.bulk import bulk_filing_create

    options = {
        "activity": "domestic",
        "signatory_name": "E",
        "signatory_function": "F",
        "goods": {"soya": {"description": "Soja", "hs_heading": "1201"}},
    }
    filing = bulk_filing_create(owner=client.user, livemode=True, options=options)  # the task never runs
    text = visible_text(client.get(PAGE).content.decode())
    assert "w trakcie składania" in text and "oczekuje: 2" in text and "Anuluj" in text
    assert client.post(PAGE, {"action": "cancel", "filing": filing.public_id}).status_code == 302
    filing.refresh_from_db()
    assert filing.status == BulkFilingStatus.CANCELLED
    BulkFilingRow.objects.filter(filing=filing).update(state=RowState.FAILED)
    assert "Ponów nieudane wiersze" in visible_text(client.get(PAGE).content.decode())
    assert client.post(PAGE, {"action": "retry", "filing": filing.public_id}).status_code == 302
    assert BulkFilingRow.objects.filter(filing=filing, state=RowState.QUEUED).count() == 2
    # Another account's filing is not found.
    other = signed_in("standard")
    assert other.post(PAGE, {"action": "cancel", "filing": filing.public_id}).status_code == 404


def test_map_says_when_nothing_is_known_yet(signed_in):
    client = signed_in("standard")
    imported(client.user)
    text = visible_text(client.get(PAGE).content.decode())
    assert "Nic jeszcze nie złożono za Twoich dostawców" in text


def test_another_accounts_suppliers_are_never_shown(signed_in):
    client, other = signed_in("standard"), signed_in("standard")
    imported(other.user)
    text = visible_text(client.get(PAGE).content.decode())
    assert "Jan Kowalski" not in text and "D-1" not in text
    with_mine = signed_in("standard")
    imported(with_mine.user, ROSTER[:1])
    assert "Anna Nowak" not in visible_text(with_mine.get(PAGE).content.decode())


def test_a_plan_without_filing_sees_the_upgrade_link(signed_in):
    client = signed_in("free")
    response = client.get(PAGE)
    assert response.status_code == 403
    page = response.content.decode()
    assert 'data-testid="upgrade-link"' in page and 'data-testid="upload-form"' not in page
    assert client.post(PAGE, {"action": "mandates"}).status_code == 403


def test_the_navigation_links_the_page(signed_in):
    page = signed_in("standard").get("/panel/").content.decode()
    assert f'href="{PAGE}"' in page


def test_why_suppliers_were_left_out_is_said_in_words_never_as_a_code(
    signed_in, django_capture_on_commit_callbacks
):
    client = signed_in("standard")
    imported(client.user)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(PAGE, FILING)
    BulkFiling.objects.filter(owner=client.user).update(
        skipped={"already_declared": 195, "no_mandate": 2, "mandate_revoked": 1, "new_reason": 4}
    )
    page = client.get(PAGE).content.decode()
    text = visible_text(page)
    assert "już zgłoszony we wcześniejszym zgłoszeniu zbiorczym: 195" in text
    assert "brak pełnomocnictwa: 2" in text and "cofnięte przez dostawcę: 1" in text
    assert "inny powód (new_reason): 4" in text  # a reason the panel has no word for yet, said so
    assert "already_declared" not in text and "mandate_revoked" not in text
    assert untranslated_on_polish_page(page) == []
