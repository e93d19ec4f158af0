"""DDS PDFs: rendered once per statement version by a worker, within limits,
stored and served from storage; large ones never rendered inside a request."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from compliance import documents, tasks
from compliance.models import DDSDocument, DocumentStatus, DueDiligenceStatement
from compliance.services import dds_transition
from eudr_service.lib import pdf
from tests.compliance.test_dds_api import GENERATE, JSON, with_plots

pytestmark = pytest.mark.django_db


def points(count):
    return [{"lat": 52.25, "lng": round(21.05 + i / 1000, 6), "area_ha": 1} for i in range(count)]


@pytest.fixture
def client(keyed_client):
    return keyed_client("standard")


@pytest.fixture
def renders(monkeypatch):
    """Counts renderings (each still runs, in its child process)."""
    calls = []
    real = documents.render_pdf_bounded

    def counting(**kwargs):
        calls.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(documents, "render_pdf_bounded", counting)
    return calls


class Sent:
    """The documents whose render message was sent, in order (compares as a list of ids);
    `awaited`, whether a request waited for each."""

    def __init__(self, held) -> None:
        self.held = held

    def _messages(self) -> list[tuple]:
        return self.held.named("compliance.render_dds_pdf")

    def __len__(self) -> int:
        return len(self._messages())

    def __getitem__(self, index: int) -> int:
        return self._messages()[index][0]

    def __eq__(self, other: object) -> bool:
        return [args[0] for args in self._messages()] == other

    __hash__ = None  # compared as a list, which is unhashable too

    @property
    def awaited(self) -> list[bool]:
        return [bool(args[1]) if len(args) > 1 else False for args in self._messages()]


@pytest.fixture
def queued(held_tasks):
    """Render tasks are recorded, as a broker would hold them, instead of run."""
    return Sent(held_tasks("compliance.render_dds_pdf"))


def test_pdf_is_rendered_once_and_then_served_from_storage(client, renders):
    dds_id = client.post(GENERATE, with_plots(*points(2)), format="json", **JSON).json()["dds_id"]
    first = client.get(f"/api/eudr/v1/dds/{dds_id}/pdf")
    second = client.get(f"/api/eudr/v1/dds/{dds_id}/pdf")
    assert first.status_code == second.status_code == 200
    assert first.content == second.content and first.content.startswith(b"%PDF-")
    assert len(renders) == 1
    assert DDSDocument.objects.get().status == DocumentStatus.DONE


def test_a_rendered_pdf_is_served_without_counting_the_statements_plots(client):
    dds_id = client.post(GENERATE, with_plots(*points(2)), format="json", **JSON).json()["dds_id"]
    assert client.get(f"/api/eudr/v1/dds/{dds_id}/pdf").status_code == 200
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/api/eudr/v1/dds/{dds_id}/pdf").status_code == 200
    # The view loads the statement with its plots; a count would decide nothing for a stored PDF.
    counts = [q["sql"] for q in queries if "COUNT(" in q["sql"].upper() and "compliance_ddsplot" in q["sql"]]
    assert counts == []


def test_a_new_version_of_the_statement_gets_a_new_pdf(client, renders, make_user):
    dds_id = client.post(GENERATE, with_plots(*points(1)), format="json", **JSON).json()["dds_id"]
    client.get(f"/api/eudr/v1/dds/{dds_id}/pdf")
    statement = DueDiligenceStatement.objects.get(dds_id=dds_id)
    dds_transition(statement=statement, to_status="WITHDRAWN", reason="withdrawn by the operator")
    assert client.get(f"/api/eudr/v1/dds/{dds_id}/pdf").status_code == 200
    assert len(renders) == 2
    assert DDSDocument.objects.filter(statement=statement).count() == 1  # the old file is removed


def test_filing_a_large_statement_never_renders_its_pdf_in_the_request(client, settings, queued, renders):
    settings.DDS_PDF_SYNC_MAX_PLOTS = 3
    response = client.post(GENERATE, with_plots(*points(4)), format="json")
    assert response.status_code == 202
    dds_id = response.json()["dds_id"]
    assert response["Location"] == f"/api/eudr/v1/dds/{dds_id}/pdf"
    assert response["Retry-After"]
    assert renders == [] and len(queued) == 1
    # Polling while the worker has not run: still 202, nothing rendered, nothing queued twice.
    assert client.get(response["Location"]).status_code == 202
    assert renders == [] and len(queued) == 1
    tasks.dds_pdf_render_task(queued[0])
    done = client.get(response["Location"])
    assert done.status_code == 200 and done.content.startswith(b"%PDF-")
    # Nobody waited for it: rendered at a lower priority than the requests around it.
    assert queued.awaited == [False] and renders[0]["nice"] == settings.PDF_RENDER_NICE > 0


def test_a_small_statements_pdf_is_rendered_by_the_request_not_queued(client, settings, queued, renders):
    # No worker runs (`queued` holds messages): the request renders the PDF itself.
    settings.DDS_PDF_INLINE_MAX_PLOTS = 2
    response = client.post(GENERATE, with_plots(*points(2)), format="json")
    assert response.status_code == 201 and response.content.startswith(b"%PDF-")
    assert len(renders) == 1 and queued == []
    assert DDSDocument.objects.get().status == DocumentStatus.DONE
    assert renders[0]["nice"] == 0  # the request waits for it


def test_a_statement_above_the_inline_size_waits_for_a_worker(client, settings, queued, renders):
    settings.DDS_PDF_INLINE_MAX_PLOTS = 2
    settings.DDS_PDF_SYNC_TIMEOUT_SECONDS = 0.2
    response = client.post(GENERATE, with_plots(*points(3)), format="json")
    # The request waited, no worker took the message: 202, and the request rendered nothing.
    assert response.status_code == 202
    assert renders == [] and len(queued) == 1
    # The message says a request waits, so the worker renders it at full priority.
    assert queued.awaited == [True]
    tasks.dds_pdf_render_task(queued[0], *queued.awaited)
    assert renders[0]["nice"] == 0


def test_an_inline_render_past_the_wait_is_handed_to_the_workers(client, settings, queued, renders):
    settings.DDS_PDF_INLINE_MAX_PLOTS = 2
    settings.DDS_PDF_SYNC_TIMEOUT_SECONDS = 0.0  # no render finishes in no time
    response = client.post(GENERATE, with_plots(*points(1)), format="json")
    assert response.status_code == 202
    document = DDSDocument.objects.get()
    # Not failed: queued again for a worker, whose time limit is longer.
    assert (document.status, document.started_at) == (DocumentStatus.QUEUED, None)
    assert queued == [document.pk] and len(renders) == 1
    assert queued.awaited == [False]  # the request answered 202: nobody waits any more
    # A poll before the worker ran does not take it back into a web process.
    assert client.get(response["Location"]).status_code == 202
    assert len(renders) == 1 and queued == [document.pk]
    tasks.dds_pdf_render_task(queued[0])
    assert client.get(response["Location"]).status_code == 200


def test_a_request_that_died_before_rendering_leaves_the_pdf_to_maintenance(client, settings, queued):
    from datetime import timedelta

    from django.utils import timezone

    settings.DDS_PDF_INLINE_MAX_PLOTS = 2
    statement_id = client.post(GENERATE, with_plots(*points(1)), format="json", **JSON).json()["dds_id"]
    statement = DueDiligenceStatement.objects.get(dds_id=statement_id)
    # The row is recorded before the request renders; no message was sent for it.
    document = documents.dds_pdf_request(statement=statement, send=False)
    assert document.status == DocumentStatus.QUEUED and queued == []
    later = timezone.now() + timedelta(minutes=3)
    assert documents.dds_documents_maintain(now=later)["requeued"] == 1
    assert queued == [document.pk]


def test_respond_async_filing_does_not_wait_for_the_pdf(client, queued, renders):
    response = client.post(GENERATE, with_plots(*points(1)), format="json", HTTP_PREFER="respond-async")
    assert response.status_code == 202
    assert renders == [] and len(queued) == 1


def test_pdf_longer_than_the_page_budget_is_refused_naming_the_limit(client, settings):
    settings.BUDGET_PDF_MAX_PAGES = 1
    dds_id = client.post(GENERATE, with_plots(*points(120)), format="json", **JSON).json()["dds_id"]
    response = client.get(f"/api/eudr/v1/dds/{dds_id}/pdf")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "pdf_failed" and body["limit"] == "BUDGET_PDF_MAX_PAGES"
    assert "BUDGET_PDF_MAX_PAGES" in body["detail"]


def test_rendering_over_its_memory_limit_is_refused_not_fatal(client, settings, monkeypatch):
    settings.PDF_RENDER_MEMORY_MB = 30
    settings.BUDGET_PDF_MAX_PAGES = 100_000

    class Hog:
        """A layout that needs 512 MB at once: whatever free heap the forked child
        inherits from a long-lived process, this is over a 30 MB address-space limit."""

        def __init__(self, **kwargs) -> None:
            pass

        def render(self):
            return bytearray(512 * 1024 * 1024)

    monkeypatch.setattr(pdf, "HTML", Hog)
    dds_id = client.post(GENERATE, with_plots(*points(1)), format="json", **JSON).json()["dds_id"]
    response = client.get(f"/api/eudr/v1/dds/{dds_id}/pdf")
    assert response.status_code == 409
    assert response.json()["limit"] == "PDF_RENDER_MEMORY_MB"
