"""Evidence follows confidentiality: an amendment that makes a statement's geolocation
confidential writes a new evidence record in its transaction, the status page links it, and
no older record's public form serves the plots any more."""

from __future__ import annotations

import pytest

from evidence.models import EvidenceRecord
from tests.compliance.test_dds_api import body
from tests.eu_filing.test_submission import client, detail, eu, file, poll_until_final, store_credentials  # noqa: F401
from tests.euis.conftest import fake_eu  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db
LATITUDE = "52.25"  # the plot's, in body()


def _records(dds_id: str) -> list[EvidenceRecord]:
    return list(EvidenceRecord.objects.filter(subject_id=dds_id).order_by("created_at", "id"))


def test_amending_to_confidential_writes_a_new_record_and_withholds_the_plots_of_the_old_one(
    client,  # noqa: F811
    eu,  # noqa: F811
    api_client,
    django_capture_on_commit_callbacks,
):
    store_credentials(client)
    record = file(client, django_capture_on_commit_callbacks, body(geolocation_confidential=False))
    poll_until_final()
    dds_id = record["dds_id"]
    old = _records(dds_id)[-1]
    public_old = api_client.get(f"/api/v1/evidence/{old.record_id}")
    assert public_old.status_code == 200 and LATITUDE in public_old.content.decode()

    amended = body(geolocation_confidential=True)
    response = client.post(f"/api/eudr/v1/dds/{dds_id}/amend", amended, format="json")
    assert response.status_code == 200, response.content

    new = _records(dds_id)[-1]
    assert new.pk != old.pk and new.replaces_id == old.pk and new.confidential
    page = api_client.get(f"/cert/{dds_id}").content.decode()
    assert new.record_id in page and old.record_id not in page
    for record_id in (old.record_id, new.record_id):
        public = api_client.get(f"/api/v1/evidence/{record_id}")
        assert public.status_code == 200
        assert public.json()["attachments"] is None
        assert public.json()["attachments_withheld"] == "geolocation_confidential"
        assert LATITUDE not in public.content.decode()
    # The owner still reads the old record in full: nothing signed was changed.
    owned = client.get(f"/api/eudr/v1/evidence/{old.record_id}")
    assert owned.status_code == 200 and LATITUDE in owned.content.decode()


def test_an_amendment_writes_a_new_record_even_when_confidentiality_stays(
    client,  # noqa: F811
    eu,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    store_credentials(client)
    record = file(client, django_capture_on_commit_callbacks, body(geolocation_confidential=False))
    poll_until_final()
    before = _records(record["dds_id"])
    amended = body(geolocation_confidential=False)
    amended["commodities"][0]["plots"] = [{"lat": 52.3, "lng": 21.1, "area_ha": 2.0}]
    response = client.post(f"/api/eudr/v1/dds/{record['dds_id']}/amend", amended, format="json")
    assert response.status_code == 200, response.content
    after = _records(record["dds_id"])
    assert len(after) == len(before) + 1
    assert after[-1].record_id in detail(client, record["dds_id"])["evidence"]["record"]["record_id"]
